import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToken } from '@/lib/session/token-store';
import { BrandMark } from './brand-mark';
import { LanguageSwitcher } from './language-switcher';
import classes from './public-header.module.css';

export function PublicHeader() {
  const { t } = useTranslation();
  const signedIn = useToken() !== null;
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" aria-label={t('nav.home')}>
            <BrandMark />
          </Anchor>
          <Group gap="xs" wrap="nowrap" component="nav" aria-label={t('nav.mainNavigation')}>
            <Anchor component={Link} to="/about" c="dark.6" fw={500} visibleFrom="sm" px="xs">
              {t('nav.about')}
            </Anchor>
            {!signedIn && (
              <Anchor component={Link} to="/check-points" c="dark.6" fw={500} visibleFrom="sm" px="xs">
                {t('nav.checkPoints')}
              </Anchor>
            )}
            <LanguageSwitcher />
            {signedIn ? (
              <Button component={Link} to="/dashboard" variant="light">
                {t('nav.dashboard')}
              </Button>
            ) : (
              <Button component={Link} to="/login" variant="light">
                {t('nav.signIn')}
              </Button>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
