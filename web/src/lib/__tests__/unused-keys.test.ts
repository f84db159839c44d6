import { describe, expect, it } from 'vitest';
import { DICTIONARIES, flatten, type Tree } from '@/testing/dictionaries';

// Every translation key is used somewhere in the app's code: a key nobody reads is a sentence
// left behind when a screen changed, and it is translated and reviewed for nothing. A key counts
// as used when its full name is a string in the code, or a template names its prefix
// (`activity.kinds.${kind}`). Plural forms count as their base key.

const sources = Object.entries(
  import.meta.glob<string>('/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
)
  .filter(([path]) => !path.includes('/__tests__/') && !path.includes('/testing/') && !path.endsWith('.d.ts'))
  .map(([, text]) => text)
  .join('\n');
const templatePrefixes = [...sources.matchAll(/`([A-Za-z0-9_.]+)\.\$\{/g)].map((m) => `${m[1]!}.`);
const FORMS = /_(zero|one|two|few|many|other)$/;

function unused(tree: Tree): string[] {
  return [...flatten(tree).keys()].filter((key) => {
    const base = key.replace(FORMS, '');
    const quoted = [`'${base}'`, `"${base}"`, `\`${base}\``].some((q) => sources.includes(q));
    return !quoted && !templatePrefixes.some((prefix) => base.startsWith(prefix));
  });
}

describe('translation keys', () => {
  it('find the code to search (not an empty glob)', () => {
    expect(sources.length).toBeGreaterThan(100_000);
    expect(templatePrefixes).toContain('activity.kinds.');
  });

  it.each(DICTIONARIES)('of $namespace are all used', ({ en }) => {
    expect(unused(en)).toEqual([]);
  });
});
