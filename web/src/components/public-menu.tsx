import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The drawer's code (Mantine's modal machinery) comes when the menu is first opened.
const PublicMenuDrawer = lazy(async () => ({
  default: (await import('./public-menu-drawer')).PublicMenuDrawer,
}));

/** The public pages' navigation on a phone: a burger that opens a drawer of links. */
export function PublicMenu() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Burger
        opened={opened}
        onClick={() => {
          setUsed(true);
          toggle();
        }}
        aria-label={t('nav.menu')}
        aria-expanded={opened}
        aria-haspopup="dialog"
        data-testid="public-menu"
      />
      {used && (
        <Suspense fallback={null}>
          <PublicMenuDrawer opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
