import { Badge, Button, Card, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ActorName } from '@/components/actor-name';
import { Ltr } from '@/components/ltr';
import { PageButtons } from '@/components/pagination';
import { RecordTable } from '@/components/record-table';
import { customerDetailQueryOptions, parseCustomerId } from '@/lib/api/customers';
import { ApiError, messageOf } from '@/lib/api/errors';
import { customerKeys } from '@/lib/api/query-keys';
import type { Invoice, LedgerKind } from '@/lib/api/types';
import { useFormat } from '@/lib/format';
import { getCustomerInvoices } from './api/customer-activity';
import { useCustomerHistory } from './api/customer-history';
import { usePointsBalance } from './components/points-balance';
import { ReturnInvoiceButton, ReturnInvoiceDialog } from './components/return-invoice-dialog';
import { VoidInvoiceButton, VoidInvoiceDialog } from './components/void-invoice-dialog';
import { Notice } from '@/components/notice';

const KIND_COLORS: Record<LedgerKind, string> = {
  invoice: 'teal',
  redemption: 'orange',
  manual: 'blue',
  adjustment: 'grape',
  void: 'gray',
  opening_balance: 'cyan',
  expired: 'yellow',
  return: 'orange',
  birthday: 'pink',
};

/** /customer/:id/history: every change of the customer's points, a page at a time. */
export function CustomerHistoryPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const params = useParams();
  const id = parseCustomerId(params.id) ?? 0;
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const customer = useQuery(customerDetailQueryOptions(id));
  const history = useCustomerHistory(id, page);
  // The recent invoices say which of them the caller may void (the same query as the customer page).
  const invoices = useQuery({
    queryKey: customerKeys.invoices(id),
    queryFn: () => getCustomerInvoices(id),
    enabled: id > 0,
  });
  const invoiceById = new Map((invoices.data ?? []).map((invoice) => [invoice.id, invoice]));
  const [toVoid, setToVoid] = useState<Invoice | null>(null);
  const [toReturn, setToReturn] = useState<Invoice | null>(null);
  const balance = usePointsBalance();

  const meta = history.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.per_page)) : 1;

  function goTo(next: number) {
    setSearch(next === 1 ? {} : { page: String(next) });
  }

  return (
    <Container size="xl" py="xl" data-testid="customer-history">
      <Stack gap="lg">
        <Button
          component={Link}
          to={`/customer/${id}`}
          variant="subtle"
          w="fit-content"
          leftSection={<IconArrowLeft size={18} className="mirror-in-rtl" aria-hidden />}
        >
          {t('customers.history.back')}
        </Button>
        <Card padding="xl" shadow="xs">
          <Stack gap="lg">
            <Group justify="space-between" align="flex-end" gap="sm">
              <Stack gap={2}>
                <Title order={1} fz={26}>
                  {t('customers.history.title')}
                </Title>
                {customer.data && (
                  <Text c="dimmed">
                    {/* Isolated: an Arabic name next to a number must not pull it into its order. */}
                    <bdi>{customer.data.customer.name}</bdi>
                    {' · '}
                    <bdi>{balance(customer.data.customer)}</bdi>
                  </Text>
                )}
              </Stack>
              {meta && (
                <Text size="sm" c="dimmed">
                  {t('customers.history.count', { count: meta.total, formatted: format.number(meta.total) })}
                </Text>
              )}
            </Group>

            {id !== 0 && history.isPending ? (
              <Center py="xl">
                <Loader aria-label={t('app.loading')} />
              </Center>
            ) : !history.data ? (
              <Notice color="red" icon={IconAlertCircle}>
                {id === 0 || (history.error instanceof ApiError && history.error.status === 404)
                  ? t('customers.detail.notFoundDescription')
                  : messageOf(history.error, t('customers.history.loadFailed'))}
              </Notice>
            ) : (
              <RecordTable
                rows={history.data.data}
                minWidth={760}
                striped
                highlightOnHover
                verticalSpacing="sm"
                style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}
                rowTestId="history-row"
                empty={
                  <Stack align="center" gap="xs" py="xl">
                    <IconHistory size={40} color="var(--mantine-color-gray-5)" aria-hidden />
                    <Text c="dimmed">{t('customers.history.empty')}</Text>
                  </Stack>
                }
                columns={[
                  {
                    header: t('customers.history.columns.date'),
                    td: { style: { whiteSpace: 'nowrap' } },
                    cell: (entry) => format.dateTime(entry.created_at),
                  },
                  {
                    header: t('customers.history.columns.type'),
                    cell: (entry) => (
                      <Group gap="xs" wrap="nowrap">
                        <Badge tt="none" variant="light" color={KIND_COLORS[entry.kind]}>
                          {t(`customers.history.kinds.${entry.kind}`)}
                        </Badge>
                        {entry.kind === 'invoice' &&
                          entry.invoice &&
                          invoiceLink(invoiceById.get(entry.invoice.id))}
                      </Group>
                    ),
                  },
                  {
                    header: t('customers.history.columns.change'),
                    cell: (entry) => (
                      <Text fw={700} c={entry.delta >= 0 ? 'teal.8' : 'red.8'}>
                        <Ltr>{format.number(entry.delta, { signDisplay: 'exceptZero' })}</Ltr>
                      </Text>
                    ),
                  },
                  {
                    header: t('customers.history.columns.balance'),
                    cell: (entry) => format.points(entry.balance_after),
                  },
                  {
                    header: t('customers.history.columns.reason'),
                    cell: (entry) =>
                      entry.reason || (
                        <Text span c="dimmed">
                          —
                        </Text>
                      ),
                  },
                  {
                    header: t('customers.history.columns.staff'),
                    // Expired points are the product's own change: said so, never an empty name.
                    cell: (entry) => (
                      <ActorName
                        person={entry.actor}
                        apiKey={entry.api_key}
                        none={entry.kind === 'expired' ? t('activity.automatic') : '—'}
                      />
                    ),
                  },
                ]}
              />
            )}

            <PageButtons total={pages} value={Math.min(page, pages)} onChange={goTo} />
          </Stack>
        </Card>
      </Stack>
      <VoidInvoiceDialog invoice={toVoid} onClose={() => setToVoid(null)} />
      <ReturnInvoiceDialog invoice={toReturn} onClose={() => setToReturn(null)} />
    </Container>
  );

  /** A voided sale is marked; one the caller may still return against or void offers it. */
  function invoiceLink(invoice: Invoice | undefined) {
    if (!invoice) return null;
    if (invoice.voided_at) {
      return (
        <Badge tt="none" color="gray" variant="outline">
          {t('customers.detail.voided')}
        </Badge>
      );
    }
    if (!invoice.can_void && !invoice.can_return) return null;
    return (
      <>
        {invoice.can_return && <ReturnInvoiceButton onClick={() => setToReturn(invoice)} />}
        {invoice.can_void && <VoidInvoiceButton onClick={() => setToVoid(invoice)} />}
      </>
    );
  }
}
