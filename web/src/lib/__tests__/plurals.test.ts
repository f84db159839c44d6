import i18next, { type Resource } from 'i18next';
import { describe, expect, it } from 'vitest';
import adminAr from '@/features/admin/locales/ar.json';
import adminEn from '@/features/admin/locales/en.json';
import ownerAr from '@/features/owner/locales/ar.json';
import ownerEn from '@/features/owner/locales/en.json';
import en from '@/locales/en.json';
import { ARABIC_MAIN } from '@/testing/dictionaries';

// Every counted word in both languages, rendered for 0, 1, 2, 3, 11 and 100: Arabic has six
// plural forms (zero, one, two, few, many, other) and i18next silently falls back to "other"
// when a form is missing, which reads "3 يوم" instead of "3 أيام".

type Tree = { [key: string]: string | Tree };
const COUNTS = [0, 1, 2, 3, 11, 100];
const FORMS = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const dictionaries = {
  translation: { ar: ARABIC_MAIN, en: en as Tree },
  owner: { ar: ownerAr as Tree, en: ownerEn as Tree },
  admin: { ar: adminAr as Tree, en: adminEn as Tree },
};

const resources: Resource = { ar: {}, en: {} };
for (const [ns, byLanguage] of Object.entries(dictionaries)) {
  resources.ar![ns] = byLanguage.ar;
  resources.en![ns] = byLanguage.en;
}
const instance = i18next.createInstance();
await instance.init({ resources, lng: 'ar', fallbackLng: false, interpolation: { escapeValue: false } });

const counted = Object.entries(dictionaries).flatMap(([ns, byLanguage]) => {
  const keys = [...flatten(byLanguage.en).keys()].filter((key) => FORMS.test(key));
  return [...new Set(keys.map((key) => key.replace(FORMS, '')))].map((base) => ({ ns, base }));
});

describe('counted words', () => {
  it('are found (the list below is not empty by accident)', () => {
    expect(counted.length).toBeGreaterThan(25);
  });

  describe.each(['ar', 'en'] as const)('in %s', (language) => {
    const rules = new Intl.PluralRules(language);
    it.each(counted)('$ns:$base has the form each count needs and renders it', ({ ns, base }) => {
      const keys = flatten(dictionaries[ns as keyof typeof dictionaries][language]);
      // Any key of any namespace: the app's typed keys do not apply to this walk over all of them.
      const t = instance.getFixedT(language, ns as never) as unknown as (
        key: string,
        options: object,
      ) => string;
      for (const count of COUNTS) {
        const form = rules.select(count);
        expect(keys.has(`${base}_${form}`), `${base}_${form} for ${count}`).toBe(true);
        const template = keys.get(`${base}_${form}`) ?? '';
        const values = Object.fromEntries(
          [...template.matchAll(/\{\{\s*(\w+)/g)].map((m) => [
            m[1],
            m[1] === 'count' ? count : String(count),
          ]),
        );
        const text = t(base, { ...values, count });
        expect(text, `${base} ${count}`).not.toContain('{{');
        expect(text, `${base} ${count}`).not.toBe(base);
      }
    });
  });

  it('read as a person would write them', () => {
    type T = (key: string, options: object) => string;
    const ar = instance.getFixedT('ar') as unknown as T;
    const enT = instance.getFixedT('en') as unknown as T;
    const days = (t: T, count: number) => t('planChange.days', { count, value: String(count) });
    expect(COUNTS.map((n) => days(ar, n))).toEqual([
      '0 يوم',
      'يوم واحد',
      'يومان',
      '3 أيام',
      '11 يومًا',
      '100 يوم',
    ]);
    expect(COUNTS.map((n) => days(enT, n))).toEqual([
      '0 days',
      '1 day',
      '2 days',
      '3 days',
      '11 days',
      '100 days',
    ]);
  });
});
