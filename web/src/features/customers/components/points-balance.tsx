import { useTranslation } from 'react-i18next';
import type { Customer } from '@/lib/api/types';
import { useFormat } from '@/lib/format';

/**
 * A customer's balance as words: its points, or, when a return took back points it had spent,
 * the points it owes (the server's `points_owed`), paid back first by the next points earned.
 */
export function usePointsBalance() {
  const { t } = useTranslation();
  const format = useFormat();
  return (customer: Pick<Customer, 'loyalty_points' | 'points_owed'>): string =>
    customer.points_owed > 0
      ? t('customers.owes', { count: customer.points_owed, points: format.points(customer.points_owed) })
      : t('common.pointsShort', {
          count: customer.loyalty_points,
          points: format.points(customer.loyalty_points),
        });
}
