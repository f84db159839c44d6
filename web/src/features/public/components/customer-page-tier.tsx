import { Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TierBadge } from '@/components/tier-badge';
import { TierStanding } from '@/components/tier-standing';
import type { CustomerPage } from '../api/types';

type PageTier = NonNullable<CustomerPage['stores'][number]['tier']>;

/** The customer's tier at one store, on their own page: the badge, then where they stand. */
export function CustomerPageTier({ tier }: { tier: PageTier }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="customer-page-tier">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="sm" c="dimmed">
          {t('public.tier.title')}
        </Title>
        <TierBadge tier={tier} size="md" />
      </Group>
      <TierStanding tier={tier} reader="customer" />
    </Stack>
  );
}
