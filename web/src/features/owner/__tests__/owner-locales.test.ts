import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import en from '../locales/en.json';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('owner locales', () => {
  it('have the same keys in Arabic and English', () => {
    expect(keysOf(ar).sort()).toEqual(keysOf(en).sort());
  });

  it('have no empty strings', () => {
    const strings = (tree: unknown): string[] =>
      typeof tree === 'string' ? [tree] : Object.values(tree as object).flatMap(strings);
    expect(strings(ar).filter((text) => !text.trim())).toEqual([]);
    expect(strings(en).filter((text) => !text.trim())).toEqual([]);
  });
});
