import i18next, { type i18n as I18n, type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
// Only the part of the default (and fallback) language's main dictionary that the first page
// (sign-in, not found, error) uses is in the first bundle; the rest of it comes with the lazy
// routes (see `loadPagesDictionary`). English is fetched before switching to it, and the feature
// namespaces (owner, admin) come with their feature's chunk (see `addNamespace`).
import ar from '@/locales/ar.json';

export const SUPPORTED_LANGUAGES = ['ar', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';
/** localStorage key holding the visitor's chosen language (spec section 9). */
export const LANGUAGE_STORAGE_KEY = 'lang';

export type Direction = 'rtl' | 'ltr';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The one place that knows which languages are written right to left. */
export function isRtl(language: string): boolean {
  return language === 'ar';
}

export function directionOf(language: string): Direction {
  return isRtl(language) ? 'rtl' : 'ltr';
}

function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): fall back to Arabic.
    return DEFAULT_LANGUAGE;
  }
}

function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not being able to remember the choice must not stop the switch itself.
  }
}

/**
 * The only code that writes `<html lang dir>`. Mantine's DirectionProvider watches the
 * `dir` attribute, so components follow without being told separately.
 */
function applyToDocument(instance: I18n, language: string): void {
  const root = document.documentElement;
  root.setAttribute('lang', language);
  root.setAttribute('dir', directionOf(language));
  document.title = instance.t('app.documentTitle');
  document
    .querySelector('meta[name="description"]')
    ?.setAttribute('content', instance.t('app.documentDescription'));
}

/** Every dictionary loaded so far, by language and namespace; new instances start with all of them. */
const loaded: Resource = { ar: { translation: ar } };

/** Main dictionaries that are not in the first bundle. */
const mainLoaders: Partial<Record<Language, () => Promise<ResourceKey>>> = {
  en: async () => (await import('@/locales/en.json')).default,
};

function hasMainDictionary(language: Language): boolean {
  return loaded[language]?.translation !== undefined;
}

function addBundle(instance: I18n, language: Language, namespace: string, bundle: ResourceKey): void {
  if (!instance.hasResourceBundle(language, namespace)) {
    instance.addResourceBundle(language, namespace, bundle);
  }
}

/**
 * Creates and initialises the app's i18next instance from the saved choice (or Arabic).
 * The dictionaries already loaded are given as resources, so initialisation is synchronous; if
 * the saved language's main dictionary is not among them, `loadLanguage` brings it (main.tsx
 * waits for it before the first render).
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (language) => {
    if (isLanguage(language)) rememberLanguage(language);
    applyToDocument(instance, language);
  });
  void instance.use(initReactI18next).init({
    // Copies: the instance adds its bundles to its own maps and merges into its own dictionaries.
    resources: structuredClone(loaded),
    lng: readStoredLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    nonExplicitSupportedLngs: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // `languageChanged` does not fire for the initial language on every version: apply it anyway.
  applyToDocument(instance, instance.language);
  return instance;
}

export const i18n = createI18n();

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

const pendingLoads = new Map<Language, Promise<void>>();

/**
 * Makes sure `language`'s main dictionary is loaded into the app's instance. Returns null when
 * it already is (no need to wait), otherwise a promise that settles once it is (a failed
 * download can be retried by calling again).
 */
export function loadLanguage(language: Language): Promise<void> | null {
  if (hasMainDictionary(language)) return null;
  const load = mainLoaders[language];
  if (!load) return null;
  let pending = pendingLoads.get(language);
  if (!pending) {
    pending = load()
      .then(async (dictionary) => {
        (loaded[language] ??= {}).translation = dictionary;
        addBundle(i18n, language, 'translation', dictionary);
        // The page started in this language before its dictionary was there: i18next resolved
        // it to the fallback (`resolvedLanguage`) and the title is the fallback's. Resolve again.
        if (i18n.language === language) await i18n.changeLanguage(language);
      })
      .finally(() => pendingLoads.delete(language));
    pendingLoads.set(language, pending);
  }
  return pending;
}

/**
 * Adds a part of the Arabic main dictionary to the main namespace, and to what new instances
 * start with (a new object: the modules themselves stay as they are).
 */
function addArabicPart(part: Tree): void {
  const merged: Tree = structuredClone((loaded.ar?.translation as Tree | undefined) ?? ar);
  deepMerge(merged, part);
  (loaded.ar ??= {}).translation = merged;
  i18n.addResourceBundle('ar', 'translation', part, true, false);
}

/** Loads a part once; a failed download can be retried by calling again. */
function once(load: () => Promise<{ default: Tree }>): () => Promise<void> {
  let pending: Promise<void> | null = null;
  return () => {
    pending ??= load().then(
      ({ default: part }) => addArabicPart(part),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
}

/**
 * Brings the Arabic keys of the guest's public pages (home, check points, about) into the main
 * namespace: a small part, so a guest's first page waits for little. Those pages wait for it.
 */
export const loadPublicDictionary = once(() => import('@/locales/ar.public.json'));

const loadPagesPart = once(() => import('@/locales/ar.pages.json'));

/**
 * Brings the rest of the Arabic main dictionary (the keys that only lazy routes use, the public
 * pages' included) into the main namespace. The signed-in lazy routes wait for it before they
 * render; the first page does not need it.
 */
export function loadPagesDictionary(): Promise<void> {
  return Promise.all([loadPublicDictionary(), loadPagesPart()]).then(() => undefined);
}

type Tree = { [key: string]: unknown };

function deepMerge(target: Tree, source: Tree): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && value !== null && typeof existing === 'object' && existing !== null) {
      deepMerge(existing as Tree, value as Tree);
    } else {
      target[key] = value;
    }
  }
}

/**
 * Registers a feature's namespace (both languages) with the app's instance. Called when the
 * feature's chunk loads, so its dictionaries are not part of the first bundle.
 */
export function addNamespace(namespace: string, bundles: Record<Language, ResourceKey>): void {
  for (const language of SUPPORTED_LANGUAGES) {
    (loaded[language] ??= {})[namespace] = bundles[language];
    addBundle(i18n, language, namespace, bundles[language]);
  }
}

/** Switches the language, fetching its dictionary first when it is not loaded yet. */
export async function changeLanguage(language: Language): Promise<unknown> {
  await loadLanguage(language);
  return i18n.changeLanguage(language);
}
