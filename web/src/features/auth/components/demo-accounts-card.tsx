import { Card, Code, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconBuildingStore,
  IconCashRegister,
  IconChevronRight,
  IconFlask,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from '../demo-accounts';
import classes from './demo-accounts-card.module.css';

const ROLE_ICONS = {
  admin: IconShieldCheck,
  store_owner: IconBuildingStore,
  pos_user: IconCashRegister,
} as const;

interface DemoAccountsCardProps {
  onPick: (account: DemoAccount) => void;
}

export function DemoAccountsCard({ onPick }: DemoAccountsCardProps) {
  const { t } = useTranslation();
  return (
    <Card padding="lg" className={classes.card} data-testid="demo-accounts">
      <Group gap="xs" mb={4}>
        <IconFlask size={18} color="var(--mantine-color-brand-8)" aria-hidden />
        <Text fw={700} component="h2" fz="md" m={0}>
          {t('login.demo.title')}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('login.demo.hint')}
      </Text>
      <Stack gap={6}>
        {DEMO_ACCOUNTS.map((account) => {
          const RoleIcon = ROLE_ICONS[account.role];
          return (
            <UnstyledButton
              key={account.email}
              className={classes.account}
              onClick={() => onPick(account)}
              type="button"
            >
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
                  <RoleIcon size={20} />
                </ThemeIcon>
                <Stack gap={0} style={{ flex: 1, minInlineSize: 0 }}>
                  <Text size="sm" fw={600}>
                    {t(account.labelKey)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {account.email}
                  </Text>
                </Stack>
                <IconChevronRight size={16} className="mirror-in-rtl" aria-hidden />
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
      <Text size="sm" mt="md">
        {t('login.demo.sharedPassword')} <Code fz="sm">{DEMO_PASSWORD}</Code>
      </Text>
    </Card>
  );
}
