import { Group, Pagination, Text, type PaginationProps } from '@mantine/core';
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

/** "Showing 1–10 of 42" and the page buttons (only when there is more than one page). */
export function Pager({
  page,
  perPage,
  total,
  onChange,
}: {
  page: number;
  perPage: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {t('common.showing', { from, to, total })}
      </Text>
      {pages > 1 && <LabelledPagination total={pages} value={page} onChange={onChange} size="sm" />}
    </Group>
  );
}

/** The page buttons centred below a list; nothing while the list fits on one page. */
export function PageButtons({ mt, ...props }: PaginationProps) {
  if (props.total <= 1) return null;
  return (
    <Group justify="center" mt={mt}>
      <LabelledPagination {...props} />
    </Group>
  );
}
