import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from '@/locales/ar.json';
import en from '@/locales/en.json';
// Feature namespaces kept in their own files so parallel work does not collide on the locales.
import ownerAr from '../features/owner/locales/ar.json';
import ownerEn from '../features/owner/locales/en.json';
import adminAr from '../features/admin/locales/ar.json';
import adminEn from '../features/admin/locales/en.json';

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
}

/**
 * Creates and initialises the app's i18next instance from the saved choice (or Arabic).
 * Resources are bundled, so initialisation is synchronous.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (language) => {
    if (isLanguage(language)) rememberLanguage(language);
    applyToDocument(instance, language);
  });
  void instance.use(initReactI18next).init({
    resources: {
      ar: { translation: ar, owner: ownerAr, admin: adminAr },
      en: { translation: en, owner: ownerEn, admin: adminEn },
    },
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

export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}
