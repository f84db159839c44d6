import { Drawer, NavLink as MenuLink, Stack, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePublicLinks } from './public-links';

interface PublicMenuDrawerProps {
  opened: boolean;
  onClose: () => void;
}

/** The phone menu's drawer: every public page, the current one marked; it slides from the end. */
export function PublicMenuDrawer({ opened, onClose }: PublicMenuDrawerProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { dir } = useDirection();
  const { home, pages, account } = usePublicLinks();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={dir === 'rtl' ? 'left' : 'right'}
      size="xs"
      title={t('nav.menu')}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      data-testid="public-menu-drawer"
    >
      <Stack component="nav" aria-label={t('nav.mainNavigation')} gap={4}>
        {[home, ...pages, account].map((link) => {
          const current = pathname === link.to;
          return (
            <MenuLink
              key={link.to}
              component={Link}
              to={link.to}
              label={link.label}
              active={current}
              aria-current={current ? 'page' : undefined}
              onClick={onClose}
              fw={600}
            />
          );
        })}
      </Stack>
    </Drawer>
  );
}
