import { Group, Text, ThemeIcon, type GroupProps } from '@mantine/core';
import { IconHourglassLow } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { NextExpiry } from '@/lib/api/types';
import { useFormat } from '@/lib/format';

interface ExpiryNoticeProps extends Omit<GroupProps, 'children'> {
  /** The server's next points to expire (within 30 days); nothing is shown without it. */
  expiry: NextExpiry | null | undefined;
}

/**
 * "120 points usable through Dec 10, 2026, then they expire": a customer's next points to expire,
 * said plainly (a fact to pass on at the counter, not a warning). `on` is a calendar day in
 * Tripoli, the last day the points can be used (the contract's `NextExpiryDto`), so the words say
 * that day is still usable; it is shown as that day, whatever the device's time zone.
 */
export function ExpiryNotice({ expiry, ...props }: ExpiryNoticeProps) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!expiry || expiry.points <= 0) return null;
  return (
    <Group gap="xs" wrap="nowrap" align="center" data-testid="expiry-notice" {...props}>
      <ThemeIcon variant="light" color="yellow" size="md" radius="xl" aria-hidden>
        <IconHourglassLow size={16} />
      </ThemeIcon>
      <Text size="sm" fw={500}>
        {t('expiry.notice', {
          count: expiry.points,
          points: format.points(expiry.points),
          date: format.date(expiry.on),
        })}
      </Text>
    </Group>
  );
}
