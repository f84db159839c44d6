import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';

interface StampDotsProps {
  count: number;
  required: number;
  /** The size of a dot, in pixels. */
  size?: number;
  testId?: string;
}

/**
 * A stamp card as the customer would hold it: "3 / 10" and ten dots, three of them filled. The
 * dots are one picture for assistive technology, read as the same words.
 */
export function StampDots({ count, required, size = 18, testId = 'stamp-dots' }: StampDotsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const filled = Math.min(count, required);
  const label = t('common.stamps.label', {
    count,
    n: format.number(count),
    required: format.number(required),
  });
  return (
    <Group gap="sm" wrap="wrap" align="center" data-testid={testId}>
      <Text fw={700} fz="lg" data-testid={`${testId}-count`}>
        {/* Read left to right in both languages, as the digits are: "2 / 3" is two of three. */}
        <bdi dir="ltr">
          {t('common.stamps.fraction', { count: format.number(count), required: format.number(required) })}
        </bdi>
      </Text>
      <Group gap={6} wrap="wrap" role="img" aria-label={label} style={{ maxInlineSize: '100%' }}>
        {Array.from({ length: required }, (_, index) => (
          <span
            key={index}
            aria-hidden
            style={{
              inlineSize: size,
              blockSize: size,
              borderRadius: '50%',
              border: '2px solid var(--mantine-color-brand-8)',
              background: index < filled ? 'var(--mantine-color-brand-8)' : 'transparent',
              display: 'inline-block',
            }}
          />
        ))}
      </Group>
    </Group>
  );
}
