import { useTranslation } from 'react-i18next';
import { useToken } from '@/lib/session/token-store';

export interface PublicLink {
  to: string;
  label: string;
}

/** Where the public pages' navigation leads (guests: check points and sign in; staff: dashboard). */
export function usePublicLinks(): { home: PublicLink; pages: PublicLink[]; account: PublicLink } {
  const { t } = useTranslation();
  const signedIn = useToken() !== null;
  return {
    home: { to: '/', label: t('nav.home') },
    pages: [
      { to: '/about', label: t('nav.about') },
      ...(signedIn ? [] : [{ to: '/check-points', label: t('nav.checkPoints') }]),
    ],
    account: signedIn
      ? { to: '/dashboard', label: t('nav.dashboard') }
      : { to: '/login', label: t('nav.signIn') },
  };
}
