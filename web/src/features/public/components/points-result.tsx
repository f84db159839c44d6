import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMoodSmile, IconStarFilled } from '@tabler/icons-react';
import type { Ref } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import type { PointsLookup } from '../api/types';
import classes from './points-result.module.css';
import { StorePointsCard } from './store-points-card';

interface PointsResultProps {
  result: PointsLookup;
  /** The number as the customer typed it. */
  phone: string;
  /** Focused when a new answer arrives, so it is read out and scrolled into view. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * The answer of a lookup: the total, then each store with its rewards. A number with no
 * points (known or not: the server answers both alike) gets a friendly empty state.
 */
export function PointsResult({ result, phone, ref }: PointsResultProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const forPhone = (
    <Trans
      i18nKey="public.checkPoints.resultsFor"
      values={{ phone }}
      components={{ phone: <bdi dir="ltr" /> }}
    />
  );

  if (result.stores.length === 0) {
    return (
      <Paper
        component="section"
        ref={ref}
        tabIndex={-1}
        className={classes.result}
        p="xl"
        withBorder
        shadow="xs"
        aria-labelledby="no-points-title"
        data-testid="no-points"
      >
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden>
            <IconMoodSmile size={30} />
          </ThemeIcon>
          <Title order={2} fz="xl" id="no-points-title">
            {t('public.checkPoints.noPoints.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {forPhone}
          </Text>
          <Text>{t('public.checkPoints.noPoints.description')}</Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack
      component="section"
      ref={ref}
      tabIndex={-1}
      className={classes.result}
      gap="md"
      aria-labelledby="points-total-title"
      data-testid="points-result"
    >
      <Paper className={classes.total} p="xl" shadow="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={6}>
            <Title order={2} fz="md" fw={600} c="white" id="points-total-title">
              {t('public.checkPoints.total')}
            </Title>
            <Text className={classes.totalValue} data-testid="points-total">
              {format.points(result.total_points)}
            </Text>
            <Text size="sm">{forPhone}</Text>
          </Stack>
          <ThemeIcon size={48} radius="xl" color="white" variant="white" c="brand.8" aria-hidden>
            <IconStarFilled size={24} />
          </ThemeIcon>
        </Group>
      </Paper>
      {result.stores.map((entry) => (
        <StorePointsCard
          key={entry.store.id}
          entry={entry}
          stamps={result.stamps.find((stamps) => stamps.store_id === entry.store.id)}
        />
      ))}
    </Stack>
  );
}
