import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconBuildingStore,
  IconCopy,
  IconRefresh,
  IconStar,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyCard } from '@/components/empty-card';
import { RecordTable } from '@/components/record-table';
import { ScrollTable } from '@/components/scroll-table';
import { messageOf } from '@/lib/api/errors';
import { useFormat } from '@/lib/format';
import { useCustomersOverview, useStoreCustomers } from '../api/dashboard-queries';
import { Link } from 'react-router';
import { Ltr } from '@/components/ltr';
import type { CustomersOverview, StoreOverview } from '../types';
import { PageButtons } from '@/components/pagination';
import { QueryState } from '@/components/query-state';
import { StatCards, type Stat } from '@/components/stat-card';
import { Notice } from '@/components/notice';

const PER_PAGE = 10;

/** The customers' figures, in their order; each one's label is `customers.<name>`. */
const FIGURES = {
  totalStores: { color: 'indigo', icon: IconBuildingStore, value: (s, f) => f.number(s.total_stores) },
  totalCustomers: { color: 'cyan', icon: IconUsers, value: (s, f) => f.number(s.total_customers) },
  totalPoints: {
    color: 'yellow',
    icon: IconStar,
    value: (s, f) => f.points(s.total_points_across_all_stores),
  },
  duplicatePhones: { color: 'red', icon: IconCopy, value: (s, f) => f.number(s.duplicate_phone_numbers) },
} satisfies Record<string, Stat<CustomersOverview['summary']>>;

export function CustomersTab() {
  const { t } = useTranslation('owner');
  const overview = useCustomersOverview(1, PER_PAGE);

  return (
    <Stack data-testid="owner-customers">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          {t('customers.title')}
        </Title>
        <Button
          variant="light"
          leftSection={<IconRefresh size={18} />}
          loading={overview.isFetching}
          onClick={() => void overview.refetch()}
        >
          {t('refresh')}
        </Button>
      </Group>
      <QueryState query={overview} fallback={t('customers.loadFailed')}>
        {({ summary, shared_phones: shared, stores_overview: stores }) => (
          <Stack gap="lg">
            <StatCards
              data={summary}
              isError={false}
              stats={FIGURES}
              label={(name) => t(`customers.${name}`)}
            />
            {shared.length > 0 && <SharedPhones shared={shared} />}
            {summary.total_customers === 0 || stores.length === 0 ? (
              <EmptyCard icon={<IconUsers size={40} color="var(--mantine-color-gray-5)" aria-hidden />}>
                {t('customers.empty')}
              </EmptyCard>
            ) : (
              stores.map((store) => <StoreCustomers key={store.store.id} overview={store} />)
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function StoreCustomers({ overview }: { overview: StoreOverview }) {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const later = useStoreCustomers(overview.store.id, page, PER_PAGE);
  const current = page > 1 ? later.data?.stores_overview[0] : overview;
  const customers = current?.customers ?? [];
  const pages = Math.max(1, Math.ceil(overview.customer_count / PER_PAGE));

  return (
    <Card withBorder radius="md" padding="md" data-testid="store-customers">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="h4">
          {overview.store.name}
        </Title>
        <Group gap="md">
          <Text size="sm" c="dimmed">
            {t('customers.storeCustomers', { number: format.number(overview.customer_count) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('customers.storePoints', { points: format.points(overview.total_points_in_store) })}
          </Text>
        </Group>
      </Group>
      {page > 1 && later.isError ? (
        <Notice color="red" icon={IconAlertCircle}>
          {messageOf(later.error, t('customers.loadFailed'))}
        </Notice>
      ) : overview.customer_count === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {t('customers.storeEmpty')}
        </Text>
      ) : (
        <ScrollTable minWidth={600}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customers.name')}</Table.Th>
                <Table.Th>{t('customers.phone')}</Table.Th>
                <Table.Th>{t('customers.email')}</Table.Th>
                <Table.Th>{t('customers.points')}</Table.Th>
                <Table.Th>{t('customers.joined')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {customers.map((customer) => (
                <Table.Tr key={customer.id}>
                  <Table.Td fw={600}>{customer.name}</Table.Td>
                  <Table.Td>
                    <span dir="ltr">{customer.phone ? format.phone(customer.phone) : t('dash')}</span>
                  </Table.Td>
                  <Table.Td>
                    <span dir="ltr">{customer.email || t('dash')}</span>
                  </Table.Td>
                  <Table.Td>{format.points(customer.loyalty_points)}</Table.Td>
                  <Table.Td>{format.date(customer.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <PageButtons total={pages} value={page} onChange={setPage} size="sm" mt="sm" />
    </Card>
  );
}

/** The duplicate-phone count with names: who holds each shared phone, in which store. */
function SharedPhones({ shared }: { shared: CustomersOverview['shared_phones'] }) {
  const { t } = useTranslation('owner');
  const format = useFormat();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="shared-phones">
      <Title order={3} fz="h4" mb="sm">
        {t('customers.sharedPhonesTitle')}
      </Title>
      <RecordTable
        rows={shared.map((entry) => ({ ...entry, id: entry.phone }))}
        minWidth={480}
        withTableBorder
        rowTestId="shared-phone"
        empty={null}
        columns={[
          {
            header: t('customers.phone'),
            td: { style: { whiteSpace: 'nowrap' } },
            cell: (entry) => <Ltr>{format.phone(entry.phone)}</Ltr>,
          },
          {
            header: t('customers.heldBy'),
            cell: (entry) => (
              <Stack gap={2}>
                {entry.customers.map((customer) => (
                  <Text size="sm" key={customer.id}>
                    <Link to={`/customer/${customer.id}`}>
                      <bdi>{customer.name}</bdi>
                    </Link>
                    {' · '}
                    <bdi>{customer.store.name}</bdi>
                  </Text>
                ))}
              </Stack>
            ),
          },
        ]}
      />
    </Card>
  );
}
