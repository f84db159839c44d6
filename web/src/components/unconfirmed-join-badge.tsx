import { Badge } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A customer who joined by the store's link and whom no cashier has confirmed yet: anyone can
 * join with a phone that is not theirs, so the counter checks the name first.
 */
export function UnconfirmedJoinBadge({ size = 'sm' }: { size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge
      tt="none"
      color="orange"
      variant="light"
      size={size}
      leftSection={<IconUserQuestion size={14} aria-hidden />}
      data-testid="unconfirmed-join"
    >
      {t('customers.unconfirmed.badge')}
    </Badge>
  );
}
