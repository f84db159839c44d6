import { Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBrandWhatsapp,
  IconMessage,
  IconMessageCircle,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { useApiForm } from '@/components/form/use-api-form';
import { Notice } from '@/components/notice';
import { QueryState } from '@/components/query-state';
import { ScrollTable } from '@/components/scroll-table';
import { StatCard } from '@/components/stat-card';
import { TitledCard } from '@/components/titled-card';
import { bounds } from '@/lib/api/bounds';
import { normalizeDigits, useFormat } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { useMessagesSummary, useSaveMessagesLimit } from '../api/messages';
import type { MessagesSummary } from '../types';
import { MessageTemplates } from './message-templates';

/** The range `messages_monthly_limit` takes, from the contract (shown in the field's hint). */
const LIMIT = bounds.LoyaltyConfigRequest.messages_monthly_limit;

/** The counts of a month's row, in the table's order. */
const COUNTS = ['sent', 'delivered', 'failed', 'not_sent', 'pending', 'segments'] as const;

/**
 * The owner's messages to customers (issue #39): this month against the monthly limit (editable),
 * who consents to what, six months per channel with the estimated cost at the operator's prices,
 * and the templates. Every figure is the server's.
 */
export function MessagesTab() {
  const { t } = useTranslation('owner');
  const summary = useMessagesSummary();
  return (
    <Stack gap="lg" data-testid="owner-messages">
      <Title order={2} fz="h3">
        {t('messages.title')}
      </Title>
      <QueryState query={summary}>{(data) => <Summary summary={data} />}</QueryState>
      <MessageTemplates />
    </Stack>
  );
}

function Summary({ summary }: { summary: MessagesSummary }) {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const { consents } = summary;
  return (
    <Stack gap="lg">
      {summary.limit_reached && (
        <Notice
          color="red"
          icon={IconAlertTriangle}
          title={t('messages.limitReachedTitle')}
          role="status"
          data-testid="messages-limit-reached"
        >
          {t('messages.limitReached', { limit: format.number(summary.monthly_limit) })}
        </Notice>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <StatCard
          testId="messages-this-month"
          label={t('messages.thisMonth')}
          color={summary.limit_reached ? 'red' : 'blue'}
          icon={<IconMessage size={24} />}
          value={t('messages.ofLimit', {
            sent: format.number(summary.this_month),
            limit: format.number(summary.monthly_limit),
          })}
          hint={t('messages.thisMonthHint')}
        />
        <StatCard
          testId="messages-consents"
          label={t('messages.reachable')}
          color="teal"
          icon={<IconUsers size={24} />}
          value={t('messages.ofCustomers', {
            reachable: format.number(consents.any),
            customers: format.number(consents.customers),
          })}
          hint={
            <span data-testid="messages-consents-channels">
              {t('messages.consentsByChannel', {
                whatsapp: format.number(consents.whatsapp),
                sms: format.number(consents.sms),
              })}
            </span>
          }
        />
      </SimpleGrid>
      <LimitForm limit={summary.monthly_limit} />
      <MonthsTable summary={summary} />
    </Stack>
  );
}

/** A whole number goes as a number; anything else as typed, for the server to refuse in its words. */
function countOf(typed: string): number {
  return (/^\d+$/.test(typed) ? Number(typed) : typed) as number;
}

/** The monthly limit alone, as a merge patch of the loyalty settings. */
function LimitForm({ limit }: { limit: number }) {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const save = useSaveMessagesLimit();
  const form = useApiForm({
    initialValues: { messages_monthly_limit: String(limit) },
    submit: (values) => save.mutateAsync(countOf(normalizeDigits(values.messages_monthly_limit).trim())),
    onSuccess: (config) => {
      form.setValues({ messages_monthly_limit: String(config.messages_monthly_limit) });
      showToast(t('messages.limitSaved'));
    },
    failure: t('settings.failed'),
  });
  return (
    <Card withBorder radius="md" padding="lg" maw={560} data-testid="messages-limit">
      <ApiForm form={form}>
        <TextInput
          label={t('messages.limitLabel')}
          description={t('messages.limitHint', {
            min: format.number(LIMIT.minimum),
            max: format.number(LIMIT.maximum),
          })}
          {...form.getInputProps('messages_monthly_limit')}
          inputMode="numeric"
          dir="ltr"
          name="messages_monthly_limit"
          autoComplete="off"
          styles={{ wrapper: { maxInlineSize: 240 } }}
        />
        <FormActions submitLabel={t('save')} pendingLabel={t('saving')} />
      </ApiForm>
    </Card>
  );
}

function MonthsTable({ summary }: { summary: MessagesSummary }) {
  const { t } = useTranslation('owner');
  const format = useFormat();
  // Newest month first: the owner reads this month at the top.
  const rows = [...summary.months].reverse();
  return (
    <TitledCard title={t('messages.perMonth')} testId="messages-months">
      <ScrollTable minWidth={820} label={t('messages.perMonth')}>
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('messages.month')}</Table.Th>
              <Table.Th>{t('messages.channel')}</Table.Th>
              {COUNTS.map((count) => (
                <Table.Th key={count} ta="end">
                  {t(`messages.counts.${count}`)}
                </Table.Th>
              ))}
              <Table.Th ta="end">{t('messages.cost')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.month}-${row.channel}`} data-month={row.month} data-channel={row.channel}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.month(row.month)}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {row.channel === 'whatsapp' ? (
                      <IconBrandWhatsapp size={16} aria-hidden />
                    ) : (
                      <IconMessageCircle size={16} aria-hidden />
                    )}
                    {t(`messages.channels.${row.channel}`)}
                  </Group>
                </Table.Td>
                {COUNTS.map((count) => (
                  <Table.Td key={count} ta="end">
                    {format.number(row[count])}
                  </Table.Td>
                ))}
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }} data-testid="messages-cost">
                  {format.usd(row.estimated_cost_usd)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Text size="sm" c="dimmed" mt="sm" data-testid="messages-prices">
        {t('messages.prices', {
          sms: format.usd(summary.prices.sms_segment_usd),
          whatsapp: format.usd(summary.prices.whatsapp_message_usd),
        })}
      </Text>
    </TitledCard>
  );
}
