import { useTranslation } from 'react-i18next';
import { PosPageFrame } from './components/pos-page-frame';
import { RedeemRewardsForm } from './components/redeem-rewards-form';

/** /redeem-rewards?customer_id=: the redeem-rewards form with the customer chosen. */
export function RedeemRewardsPage() {
  const { t } = useTranslation();
  return (
    <PosPageFrame title={t('pos.tiles.redeemRewards.title')} testId="redeem-rewards-page">
      {(customer) => <RedeemRewardsForm initialCustomer={customer} />}
    </PosPageFrame>
  );
}
