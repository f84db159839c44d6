import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import en from '../locales/en.json';

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

describe('admin locale files', () => {
  const arKeys = flatten(ar as Tree);
  const enKeys = flatten(en as Tree);

  it('have exactly the same keys', () => {
    expect([...arKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('have no empty strings', () => {
    for (const [key, value] of [...arKeys, ...enKeys]) expect(value.trim(), key).not.toBe('');
  });

  it('use the same interpolation variables in both languages', () => {
    // Arabic plural forms may spell out one and two instead of using the number.
    for (const [key, value] of enKeys) {
      if (/_(zero|one|two)$/.test(key)) continue;
      expect(placeholders(arKeys.get(key) ?? ''), key).toEqual(placeholders(value));
    }
  });

  it('keep the spec wording in English', () => {
    expect(en.packages.saveFailed).toBe('Failed to save package. Please try again.');
    expect(en.packages.deleteFailed).toBe('Failed to delete package.');
    expect(en.packages.toggleFailed).toBe('Failed to toggle package.');
    expect(en.users.createFailed).toBe('Failed to create user. Please try again.');
    expect(en.users.deleteFailed).toBe('Failed to delete user. Please try again.');
    expect(en.stores.createFailed).toBe('Failed to create store. Please try again.');
    expect(en.stores.ownerRequired).toBe('Select Store Owner');
    expect(en.owners.packageRequired).toBe('Please select a package');
    expect(en.cards.noExpiration).toBe('No expiration');
  });
});
