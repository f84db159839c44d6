import { Group } from '@mantine/core';
import { LanguageSwitcher } from './language-switcher';
import { PublicMenu } from './public-menu';

/** A phone's public header: the language at hand, every link in the menu. */
export function PhoneHeaderActions() {
  return (
    <Group gap="xs" wrap="nowrap">
      <LanguageSwitcher compact />
      <PublicMenu />
    </Group>
  );
}
