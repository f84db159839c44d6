import { Button, Center, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageButtons } from '@/components/pagination';
import type { Customer } from '@/lib/api/types';
import { useFormat } from '@/lib/format';
import { useCustomerList } from '../api/list-customers';
import { AddPointsDialog } from './add-points-dialog';
import { CustomerCard, type CustomerAction } from './customer-card';
import { CustomerDialog } from './customer-dialog';
import { DeleteCustomerDialog } from './delete-customer-dialog';

const PAGE_SIZE = 10;

interface CustomerManagementProps {
  /** Off inside a modal whose title already names the panel. */
  withHeading?: boolean;
}

/** The cashier's customer list: server-side search and pagination, and the customer dialogs. */
export function CustomerManagement({ withHeading = true }: CustomerManagementProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useCustomerList({ search: debouncedSearch, page, perPage: PAGE_SIZE });

  const [dialog, setDialog] = useState<{ kind: 'form' | 'points'; customer: Customer | null } | null>(null);
  const [toDelete, setToDelete] = useState<Customer | null>(null);

  const total = list.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (list.data?.meta.per_page ?? PAGE_SIZE)));

  function handleAction(action: CustomerAction, customer: Customer) {
    switch (action) {
      case 'view':
        void navigate(`/customer/${customer.id}`);
        break;
      case 'edit':
        setDialog({ kind: 'form', customer });
        break;
      case 'addPoints':
        setDialog({ kind: 'points', customer });
        break;
      case 'delete':
        setToDelete(customer);
        break;
    }
  }

  return (
    <Stack gap="md" data-testid="customer-management">
      <Group justify="space-between" gap="sm">
        <Stack gap={0}>
          {withHeading && (
            <Title order={2} fz="xl">
              {t('customers.management.title')}
            </Title>
          )}
          {list.data && (
            <Text size="sm" c="dimmed">
              {t('customers.management.count', { count: total, formatted: format.number(total) })}
            </Text>
          )}
        </Stack>
        <Button
          leftSection={<IconUserPlus size={18} aria-hidden />}
          onClick={() => setDialog({ kind: 'form', customer: null })}
        >
          {t('customers.management.add')}
        </Button>
      </Group>

      <TextInput
        placeholder={t('customers.management.searchPlaceholder')}
        aria-label={t('customers.management.searchLabel')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={list.isFetching && !list.isPending ? <Loader size="xs" aria-hidden /> : null}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        type="search"
      />

      {list.isPending ? (
        <Center py="xl" role="status" aria-label={t('app.loading')}>
          <Loader />
        </Center>
      ) : list.isError && !list.data ? (
        <Text c="red" ta="center" py="lg">
          {t('customers.management.loadFailed')}
        </Text>
      ) : list.data.data.length === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <IconUsersGroup size={40} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text c="dimmed">{t('customers.management.empty')}</Text>
        </Stack>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="sm"
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
        >
          {list.data.data.map((customer) => (
            <CustomerCard key={customer.id} customer={customer} onAction={handleAction} />
          ))}
        </SimpleGrid>
      )}

      <PageButtons total={pages} value={Math.min(page, pages)} onChange={setPage} />

      <CustomerDialog
        opened={dialog?.kind === 'form'}
        customer={dialog?.kind === 'form' ? dialog.customer : null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          // Spec section 4: a new customer goes to the top, i.e. the first page of the list.
          if (dialog?.customer === null) {
            setSearch('');
            setPage(1);
          }
        }}
      />
      <AddPointsDialog
        opened={dialog?.kind === 'points'}
        customer={dialog?.kind === 'points' ? dialog.customer : null}
        onClose={() => setDialog(null)}
      />
      <DeleteCustomerDialog
        customer={toDelete}
        onClose={() => setToDelete(null)}
        onRemovePoints={(customer) => setDialog({ kind: 'points', customer })}
      />
    </Stack>
  );
}
