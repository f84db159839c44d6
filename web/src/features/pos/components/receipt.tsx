import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer, InvoiceCreated } from '@/lib/api/types';
import { useFormat } from '@/lib/format';
import { useCurrentUser } from '@/lib/session/current-user';
import classes from './receipt.module.css';

export interface ReceiptData {
  result: InvoiceCreated;
  customer: Customer;
}

type Width = '58' | '80';
const WIDTH_KEY = 'loyalty.receiptWidth';

function savedWidth(): Width {
  try {
    return window.localStorage.getItem(WIDTH_KEY) === '58' ? '58' : '80';
  } catch {
    return '80';
  }
}

/**
 * The sale's receipt, in the page's language and direction, for a 58 mm or 80 mm thermal
 * printer (the choice is remembered on this till).
 */
export function Receipt({ data }: { data: ReceiptData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const store = useCurrentUser().data?.store?.name ?? '';
  const [width, setWidth] = useState<Width>(savedWidth);
  const { invoice, points_added: points, customer_total_points: balance } = data.result;
  const row = (label: string, value: string) => (
    <div className={classes.row}>
      <span>{label}</span>
      <bdi>{value}</bdi>
    </div>
  );
  return (
    <Stack gap="xs" data-testid="receipt-panel">
      <Group gap="sm" className={classes.noPrint}>
        <SegmentedControl
          size="xs"
          value={width}
          onChange={(value) => {
            const next = value === '58' ? '58' : '80';
            setWidth(next);
            try {
              window.localStorage.setItem(WIDTH_KEY, next);
            } catch {
              // Not remembered; still printable.
            }
          }}
          data={[
            { value: '58', label: t('pos.receipt.width', { mm: 58 }) },
            { value: '80', label: t('pos.receipt.width', { mm: 80 }) },
          ]}
          aria-label={t('pos.receipt.paper')}
        />
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => window.print()}
        >
          {t('pos.receipt.print')}
        </Button>
      </Group>
      <div
        className={`${classes.receipt} ${width === '58' ? classes.w58 : classes.w80}`}
        data-testid="receipt"
      >
        <Text fw={700} ta="center">
          <bdi>{store}</bdi>
        </Text>
        {row(t('pos.receipt.date'), format.dateTime(invoice.created_at))}
        {invoice.invoice_id && row(t('pos.receipt.number'), invoice.invoice_id)}
        {row(t('pos.receipt.customer'), data.customer.name)}
        {row(t('pos.receipt.total'), format.lyd(invoice.total_cost))}
        {row(t('pos.receipt.pointsEarned'), format.points(points))}
        {row(t('pos.receipt.balance'), format.points(balance))}
        <Text size="xs" ta="center" mt={4}>
          {t('pos.receipt.thanks')}
        </Text>
      </div>
    </Stack>
  );
}
