import 'i18next';
import type en from '@/locales/en.json';
import type ownerEn from '../features/owner/locales/en.json';
import type adminEn from '../features/admin/locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; owner: typeof ownerEn; admin: typeof adminEn };
  }
}
