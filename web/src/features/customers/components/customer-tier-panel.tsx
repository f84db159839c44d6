import { Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TierBadge } from '@/components/tier-badge';
import { TierStanding } from '@/components/tier-standing';
import type { CustomerTier } from '@/lib/api/types';

/** The customer's tier at the till: the badge, then where the customer stands. */
export function CustomerTierPanel({ tier }: { tier: CustomerTier }) {
  const { t } = useTranslation();
  return (
    <Card padding="lg" shadow="xs" data-testid="customer-tier">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg">
            {t('customers.tier.title')}
          </Title>
          <TierBadge tier={tier} testId="tier-badge" />
        </Group>
        <TierStanding tier={tier} reader="staff" />
      </Stack>
    </Card>
  );
}
