import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's pagination with the app's translated control names. */
export function LabelledPagination(props: PaginationProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      {...props}
      getControlProps={(control) => ({ 'aria-label': t(`common.pagination.${control}`) })}
      getItemProps={(item) => ({ 'aria-label': t('common.pagination.page', { page: item }) })}
    />
  );
}
