import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft, IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The way back home, and the way in for staff who landed on a customer page. */
export function PublicPageLinks() {
  const { t } = useTranslation();
  return (
    <Group justify="center" gap="xl">
      <Anchor component={Link} to="/" fw={500}>
        <Group gap={6} component="span" wrap="nowrap">
          <IconArrowLeft size={16} className="mirror-in-rtl" aria-hidden />
          {t('public.links.home')}
        </Group>
      </Anchor>
      <Anchor component={Link} to="/login" fw={500}>
        <Group gap={6} component="span" wrap="nowrap">
          <IconLogin2 size={16} aria-hidden />
          {t('public.links.staffSignIn')}
        </Group>
      </Anchor>
    </Group>
  );
}
