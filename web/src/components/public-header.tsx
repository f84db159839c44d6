import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { HomeLink } from './home-link';
import { LanguageSwitcher } from './language-switcher';
import { PhoneHeaderActions } from './phone-header-actions';
import classes from './public-header.module.css';
import { usePublicLinks } from './public-links';
import { useWideHeader } from './use-wide-header';

export function PublicHeader() {
  const { t } = useTranslation();
  const { pages, account } = usePublicLinks();
  const wide = useWideHeader();
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <HomeLink />
          {wide ? (
            // The links themselves (NavLink marks the current page's with aria-current).
            <Group gap="xs" wrap="nowrap" component="nav" aria-label={t('nav.mainNavigation')}>
              {pages.map((link) => (
                <Anchor
                  key={link.to}
                  component={NavLink}
                  to={link.to}
                  fw={500}
                  px="xs"
                  className={classes.link}
                >
                  {link.label}
                </Anchor>
              ))}
              <LanguageSwitcher />
              <Button component={NavLink} to={account.to} variant="light">
                {account.label}
              </Button>
            </Group>
          ) : (
            <PhoneHeaderActions />
          )}
        </Group>
      </Container>
    </Box>
  );
}
