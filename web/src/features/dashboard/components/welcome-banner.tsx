import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingStore,
  IconCashRegister,
  IconShieldCheck,
  IconUserQuestion,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './welcome-banner.module.css';

type SubtitleKey = 'admin' | 'storeOwner' | 'posUser' | 'unknown';

const BY_ROLE: Record<string, { icon: Icon; subtitle: SubtitleKey }> = {
  admin: { icon: IconShieldCheck, subtitle: 'admin' },
  store_owner: { icon: IconBuildingStore, subtitle: 'storeOwner' },
  pos_user: { icon: IconCashRegister, subtitle: 'posUser' },
};

const UNKNOWN = { icon: IconUserQuestion, subtitle: 'unknown' as const };

interface WelcomeBannerProps {
  name: string;
  role: string;
}

export function WelcomeBanner({ name, role }: WelcomeBannerProps) {
  const { t } = useTranslation();
  const { icon: RoleIcon, subtitle } = BY_ROLE[role] ?? UNKNOWN;
  return (
    <Paper
      className={classes.banner}
      p={{ base: 'lg', sm: 'xl' }}
      data-testid="welcome-banner"
      data-role-view={subtitle}
    >
      <Group justify="space-between" wrap="nowrap" gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 24, sm: 30 }} c="white">
            {t('dashboard.welcome', { name })}
          </Title>
          <Text c="white" size="lg">
            {t(`dashboard.subtitle.${subtitle}`)}
          </Text>
        </Stack>
        <ThemeIcon
          size={72}
          radius="xl"
          variant="white"
          className={classes.icon}
          aria-hidden
          visibleFrom="xs"
        >
          <RoleIcon size={40} stroke={1.6} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
