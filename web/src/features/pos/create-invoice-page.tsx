import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CreateInvoiceForm } from './components/create-invoice-form';
import { OfflineStatus } from './components/offline-status';
import { PosPageFrame } from './components/pos-page-frame';

/** /create-invoice?customer_id=: the create-invoice form with the customer chosen. */
export function CreateInvoicePage() {
  const { t } = useTranslation();
  return (
    <PosPageFrame title={t('pos.tiles.createInvoice.title')} testId="create-invoice-page">
      {(customer) => (
        <Stack gap="md">
          <OfflineStatus />
          <CreateInvoiceForm initialCustomer={customer} />
        </Stack>
      )}
    </PosPageFrame>
  );
}
