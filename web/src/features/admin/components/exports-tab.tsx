import { useTranslation } from 'react-i18next';
import { ExportsForm } from '@/components/exports-form';
import { ADMIN_EXPORT_KINDS } from '@/lib/api/exports';
import { useStores } from '../api/list-stores';

/** The admin's CSV files (issue #19): users, store owners, cards, and every store's records. */
export function ExportsTab() {
  const { t } = useTranslation();
  const stores = useStores();
  return (
    <ExportsForm kinds={ADMIN_EXPORT_KINDS} stores={stores.data ?? []} intro={t('exports.adminIntro')} />
  );
}
