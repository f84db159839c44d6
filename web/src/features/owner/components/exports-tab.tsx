import { ExportsForm } from '@/components/exports-form';
import { EXPORT_KINDS } from '@/lib/api/exports';
import { useOwnerStores } from '../api/dashboard-queries';
import { ImportCustomers } from './import-customers';

/** The owner's tab: its records as CSV files, and customers imported from one. */
export function ExportsTab() {
  const stores = useOwnerStores();
  return (
    <ExportsForm kinds={EXPORT_KINDS} stores={stores.data ?? []}>
      <ImportCustomers />
    </ExportsForm>
  );
}
