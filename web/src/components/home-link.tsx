import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { BrandMark } from './brand-mark';

/** The brand, linking home; its name starts with the brand as shown ("Nuqat, home"). */
export function HomeLink({ size }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <Anchor
      component={NavLink}
      to="/"
      end
      underline="never"
      aria-label={t('nav.homeNamed', { name: t('app.name') })}
    >
      <BrandMark size={size} />
    </Anchor>
  );
}
