import { Badge, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAdjustments,
  IconBuildingStore,
  IconChartBar,
  IconCreditCard,
  IconGift,
  IconHeartbeat,
  IconHistory,
  IconPackage,
  IconQrcode,
  IconUserCog,
  IconUsersGroup,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// What each role's dashboard will hold (spec section 2); the real panels are separate issues.
const SECTIONS = {
  admin: [
    ['overview', IconHeartbeat],
    ['users', IconUsers],
    ['stores', IconBuildingStore],
    ['packages', IconPackage],
    ['storeOwners', IconUserCog],
    ['redemptionCards', IconCreditCard],
    ['analytics', IconChartBar],
  ],
  storeOwner: [
    ['stores', IconBuildingStore],
    ['customers', IconUsersGroup],
    ['staff', IconUserCog],
    ['activity', IconHistory],
    ['rewards', IconGift],
    ['qrCodes', IconQrcode],
    ['subscription', IconCreditCard],
    ['settings', IconAdjustments],
  ],
} as const satisfies Record<string, readonly (readonly [string, Icon])[]>;

export type RoleView = keyof typeof SECTIONS;

export function RolePlaceholder({ view }: { view: RoleView }) {
  const { t } = useTranslation();
  const base = `dashboard.placeholder.${view}` as const;
  return (
    <Card padding="xl" shadow="xs" data-testid={`placeholder-${view}`}>
      <Group justify="space-between" mb={4}>
        <Title order={2} fz="xl">
          {t(`${base}.title`)}
        </Title>
        <Badge variant="light" color="orange">
          {t('dashboard.comingSoon')}
        </Badge>
      </Group>
      <Text c="dimmed" mb="lg">
        {t(`${base}.description`)}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {SECTIONS[view].map(([key, SectionIcon]) => (
          <Card key={key} padding="md" bg="gray.0" withBorder>
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
                <SectionIcon size={20} />
              </ThemeIcon>
              <Text fw={500} size="sm">
                {t(`${base}.items.${key}` as 'dashboard.placeholder.admin.items.users')}
              </Text>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Card>
  );
}
