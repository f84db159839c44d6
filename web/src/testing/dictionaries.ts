import adminAr from '@/features/admin/locales/ar.json';
import adminEn from '@/features/admin/locales/en.json';
import ownerAr from '@/features/owner/locales/ar.json';
import ownerEn from '@/features/owner/locales/en.json';
import arFirstPage from '@/locales/ar.json';
import en from '@/locales/en.json';
import arPages from '@/locales/ar.pages.json';
import arPublic from '@/locales/ar.public.json';

/** A dictionary as its JSON file holds it. */
export type Tree = { [key: string]: string | Tree };

/** Every key of a dictionary with its text, as `section.key`. */
export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The `{{names}}` a text interpolates, sorted. */
export const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * Every namespace in both languages. The main Arabic dictionary is split in three files (the first
 * page's keys, the public pages' and the rest); here it is whole.
 */
export const ARABIC_MAIN: Tree = merge(merge(arFirstPage, arPublic), arPages);

export const DICTIONARIES: { namespace: string; en: Tree; ar: Tree }[] = [
  { namespace: 'translation', en: en as Tree, ar: ARABIC_MAIN },
  { namespace: 'admin', en: adminEn as Tree, ar: adminAr as Tree },
  { namespace: 'owner', en: ownerEn as Tree, ar: ownerAr as Tree },
];

function merge(a: unknown, b: unknown): Tree {
  const out: Tree = structuredClone(a as Tree);
  for (const [key, value] of Object.entries(b as Tree)) {
    const mine = out[key];
    out[key] = typeof value === 'object' && typeof mine === 'object' ? merge(mine, value) : value;
  }
  return out;
}
