import { describe, expect, it } from 'vitest';
import ar from '@/locales/ar.json';
import en from '@/locales/en.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  const arKeys = flatten(ar as Tree);
  const enKeys = flatten(en as Tree);

  it('have exactly the same keys', () => {
    expect([...arKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('have no empty strings', () => {
    for (const [key, value] of [...arKeys, ...enKeys]) {
      expect(value.trim(), key).not.toBe('');
    }
  });

  it('use the same interpolation variables in both languages', () => {
    for (const [key, value] of enKeys) {
      expect(placeholders(arKeys.get(key) ?? ''), key).toEqual(placeholders(value));
    }
  });

  it('keep the spec wording in English', () => {
    expect(en.login.submitting).toBe('Signing in...');
    expect(en.login.failed).toBe('Login failed');
    expect(en.login.checkPoints).toBe('Check your points without logging in');
    expect(en.dashboard.invalidRole.title).toBe('Invalid User Role');
  });
});
