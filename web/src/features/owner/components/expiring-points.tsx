import { Anchor, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Ltr } from '@/components/ltr';
import { Notice } from '@/components/notice';
import { ScrollTable } from '@/components/scroll-table';
import { StatCard } from '@/components/stat-card';
import { TitledCard } from '@/components/titled-card';
import { formatPhone, isolate, useFormat } from '@/lib/format';
import { useLiability } from '../api/liability';
import type { Liability } from '../types';

type Window = Liability['expiring'][number];

/** The window of the server's that reminders are about (the customers it lists). */
export function monthWindow(windows: Window[]): Window | undefined {
  return windows.find((w) => w.days === 30) ?? windows[1];
}

/**
 * Points about to expire (issue #35, item 4), from GET /store-owner/liability: for each of the
 * server's windows (the next 7, 30 and 90 days) the points, their value and the customers who
 * hold them; then whom to remind, each with the last day their points can be used.
 */
export function ExpiringPoints({ data }: { data: Liability }) {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const valued = data.point_value !== null && data.point_value !== undefined;
  const more = data.expiring_customers_total - data.expiring_customers.length;
  return (
    <TitledCard title={t('expiring.title')} testId="expiring-points">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {data.expiring.map((w) => (
            <StatCard
              key={w.days}
              testId={`expiring-${w.days}`}
              label={t('expiring.within', { count: w.days, days: format.number(w.days) })}
              color={w.days <= 7 ? 'red' : w.days <= 30 ? 'orange' : 'yellow'}
              icon={<IconHourglassHigh size={24} />}
              value={format.points(w.points)}
              hint={[
                valued && w.value ? format.lyd(w.value) : null,
                t('expiring.customers', { count: w.customers, n: format.number(w.customers) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          ))}
        </SimpleGrid>
        {data.expiring_customers.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="expiring-none">
            {t('expiring.none')}
          </Text>
        ) : (
          <>
            <Text fw={600} size="sm">
              {t('expiring.remind')}
            </Text>
            <ScrollTable minWidth={560}>
              <Table striped verticalSpacing="xs" data-testid="expiring-customers">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('expiring.customer')}</Table.Th>
                    <Table.Th>{t('expiring.phone')}</Table.Th>
                    <Table.Th>{t('expiring.store')}</Table.Th>
                    <Table.Th ta="end">{t('expiring.points')}</Table.Th>
                    <Table.Th>{t('expiring.lastDay')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.expiring_customers.map((c) => (
                    <Table.Tr key={c.customer_id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/customer/${c.customer_id}`}>
                          {isolate(c.name)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{c.phone ? <Ltr>{formatPhone(c.phone)}</Ltr> : t('dash')}</Table.Td>
                      <Table.Td>{isolate(c.store.name)}</Table.Td>
                      <Table.Td ta="end">{format.points(c.points)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {t('expiring.usableThrough', { date: format.date(c.last_day) })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            {more > 0 && (
              <Text size="sm" c="dimmed">
                {t('expiring.more', { n: format.number(more) })}
              </Text>
            )}
          </>
        )}
      </Stack>
    </TitledCard>
  );
}

/** A line on the owner's dashboard while points expire within the month, with the way to who holds them. */
export function ExpiringSoon({ onOpen, className }: { onOpen: () => void; className?: string }) {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const liability = useLiability();
  const month = liability.data ? monthWindow(liability.data.expiring) : undefined;
  if (!month || month.points <= 0) return null;
  const valued = month.value !== null && month.value !== undefined;
  return (
    <div className={className}>
      <Notice color="orange" icon={IconHourglassHigh} data-testid="expiring-soon">
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {t(valued ? 'expiring.soonValued' : 'expiring.soon', {
              points: format.points(month.points),
              value: valued ? format.lyd(month.value ?? '0') : '',
              count: month.customers,
              customers: format.number(month.customers),
              days: format.number(month.days),
            })}
          </Text>
          <Button size="xs" variant="light" color="orange" onClick={onOpen} data-testid="expiring-soon-open">
            {t('expiring.open')}
          </Button>
        </Group>
      </Notice>
    </div>
  );
}
