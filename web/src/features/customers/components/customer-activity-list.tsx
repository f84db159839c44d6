import { Badge, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDiscount, IconGift, IconHistory, IconReceipt2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@/lib/api/types';
import type { CustomerActivity } from '../api/customer-activity';
import { isolate, isolateLtr, useFormat } from '@/lib/format';
import classes from '@/components/divided-list.module.css';
import { ReturnInvoiceButton } from './return-invoice-dialog';
import { VoidInvoiceButton } from './void-invoice-dialog';

interface CustomerActivityListProps {
  items: CustomerActivity[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** Offered on each invoice the server says the caller may void (`can_void`). */
  onVoid?: (invoice: Invoice) => void;
  /** Offered on each invoice the server says the caller may take a return against (`can_return`). */
  onReturn?: (invoice: Invoice) => void;
}

/** Up to 10 invoices and redemptions, newest first: title, description, date, points. */
export function CustomerActivityList({
  items,
  isPending,
  isError,
  onVoid,
  onReturn,
}: CustomerActivityListProps) {
  const { t } = useTranslation();
  if (isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (isError || !items) {
    return (
      <Text c="red" size="sm">
        {t('customers.detail.activityFailed')}
      </Text>
    );
  }
  if (items.length === 0) {
    return (
      <Stack align="center" gap="xs" py="lg">
        <IconHistory size={36} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text c="dimmed">{t('customers.detail.noActivity')}</Text>
      </Stack>
    );
  }
  return (
    <Stack component="ul" gap={0} className={classes.list} data-testid="customer-activity">
      {items.map((item) => (
        <ActivityRow
          key={`${item.type}-${item.type === 'invoice' ? item.invoice.id : item.redemption.id}`}
          item={item}
          onVoid={onVoid}
          onReturn={onReturn}
        />
      ))}
    </Stack>
  );
}

function ActivityRow({
  item,
  onVoid,
  onReturn,
}: {
  item: CustomerActivity;
  onVoid?: (invoice: Invoice) => void;
  onReturn?: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();

  let title: string;
  let description: string;
  let delta: number;
  let voided = false;
  let voidReason: string | null = null;
  let voidable: Invoice | null = null;
  let returnable: Invoice | null = null;
  let returned: Invoice | null = null;
  if (item.type === 'invoice') {
    const { invoice } = item;
    title = invoice.invoice_id
      ? t('customers.detail.invoiceTitle', { number: invoice.invoice_id })
      : t('customers.detail.invoiceTitleNoNumber');
    description = t('customers.detail.invoiceDescription', { amount: format.lyd(invoice.total_cost) });
    delta = invoice.points_earned;
    voided = Boolean(invoice.voided_at);
    voidReason = invoice.void_reason ?? null;
    voidable = invoice.can_void ? invoice : null;
    returnable = invoice.can_return ? invoice : null;
    returned = invoice.returns.length > 0 ? invoice : null;
  } else {
    const { redemption } = item;
    if (redemption.reward) {
      title = t('customers.detail.redemptionTitle', { reward: isolate(redemption.reward.name) });
      description = redemption.reward.description
        ? isolate(redemption.reward.description)
        : t('customers.detail.redemptionDescription');
    } else {
      // Points used as money: what they were worth, as the server recorded it.
      title = t('customers.detail.pointsMoneyTitle', { value: format.lyd(redemption.value ?? '0') });
      description = t('customers.detail.pointsMoneyDescription');
    }
    delta = -redemption.points_spent;
  }
  const Icon = item.type === 'invoice' ? IconReceipt2 : item.redemption.reward ? IconGift : IconDiscount;

  return (
    <li className={classes.item}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon
          variant="light"
          color={item.type === 'invoice' ? 'teal' : 'orange'}
          size={38}
          radius="xl"
          aria-hidden
        >
          <Icon size={20} />
        </ThemeIcon>
        <Stack gap={2} flex={1} miw={0}>
          <Group gap="xs">
            <Text fw={600} td={voided ? 'line-through' : undefined}>
              {title}
            </Text>
            {voided && (
              <Badge tt="none" color="gray" variant="light" size="sm">
                {t('customers.detail.voided')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
          {returned && (
            <Text size="sm" c="dimmed" data-testid="invoice-returned">
              {t('customers.return.shown', {
                amount: format.lyd(returned.returned_total),
                points: format.points(returned.returned_points),
              })}
            </Text>
          )}
          {voidReason && (
            <Text size="sm" c="dimmed">
              {t('customers.void.reasonShown', { reason: isolate(voidReason) })}
            </Text>
          )}
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {format.dateTime(item.createdAt)}
            </Text>
            {returnable && onReturn && <ReturnInvoiceButton onClick={() => onReturn(returnable)} />}
            {voidable && onVoid && <VoidInvoiceButton onClick={() => onVoid(voidable)} />}
          </Group>
        </Stack>
        <Badge
          tt="none"
          variant="light"
          color={delta >= 0 ? 'teal' : 'red'}
          size="lg"
          style={{ flexShrink: 0 }}
          td={voided ? 'line-through' : undefined}
        >
          {t('common.pointsDelta', {
            count: Math.abs(delta),
            points: isolateLtr(format.number(delta, { signDisplay: 'exceptZero' })),
          })}
        </Badge>
      </Group>
    </li>
  );
}
