import { Anchor, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBuildingStore, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pager } from '@/components/pagination';
import { messageOf } from '@/lib/api/errors';
import { isolate, useFormat } from '@/lib/format';
import { usePermissions } from '@/lib/session/permissions';
import { describeSignal, signalTarget } from '@/lib/signal-description';
import { showToast } from '@/lib/toasts';
import { useReviewSignal, useSignals } from '../api/signals';
import type { ActivityLinkState, Signal, SignalStatus } from '../types';
import { Notice } from '@/components/notice';

/** Rows of the dashboard's panel per page: a glance, not a report. */
const PANEL_PER_PAGE = 5;
/** Rows per page of the full list under the Activity tab. */
const ALL_PER_PAGE = 10;

const LINK_LABELS = {
  sales_per_customer: 'signals.openCustomer',
  void_rate: 'signals.openVoids',
  manual_points: 'signals.openManualPoints',
} as const;

/** One signal: its sentence, its store, the way to the sales behind it and, while open, "Mark reviewed". */
function SignalRow({ signal, onReviewed }: { signal: Signal; onReviewed?: () => void }) {
  const { t } = useTranslation('owner');
  const { t: tMain } = useTranslation();
  const format = useFormat();
  const review = useReviewSignal();
  const { can } = usePermissions();
  const sentenceId = useId();
  const sentence =
    describeSignal(
      {
        kind: signal.kind,
        figure: signal.figure,
        threshold: signal.threshold,
        outOf: signal.out_of,
        customer: signal.customer?.name,
        cashier: signal.cashier?.name,
      },
      tMain,
      format,
      format.date(signal.day),
    ) ?? tMain('activity.kinds.unknown');
  const target = signalTarget(signal);
  const reviewed = signal.reviewed_at ?? null;

  return (
    <Group
      component="li"
      justify="space-between"
      align="center"
      gap="sm"
      py="sm"
      data-testid="signal-row"
      data-kind={signal.kind}
      data-reviewed={reviewed ? 'true' : 'false'}
      style={{ borderBlockStart: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={4} style={{ flex: '1 1 18rem', minInlineSize: 0 }}>
        <Text id={sentenceId} fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="signal-sentence">
          {sentence}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <IconBuildingStore size={16} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="sm" c="dimmed" data-testid="signal-store">
              {t('signals.store', { store: isolate(signal.store.name) })}
            </Text>
          </Group>
          {target && (
            <Anchor
              component={Link}
              to={target}
              state={
                target.startsWith('/dashboard')
                  ? ({ focusActivity: true } satisfies ActivityLinkState)
                  : undefined
              }
              size="sm"
              data-testid="signal-link"
            >
              {t(LINK_LABELS[signal.kind])}
            </Anchor>
          )}
        </Group>
        {reviewed && (
          <Text size="sm" c="dimmed" data-testid="signal-reviewed">
            {t('signals.reviewedBy', {
              name: isolate(signal.reviewed_by?.name ?? t('dash')),
              date: format.dateTime(reviewed),
            })}
          </Text>
        )}
      </Stack>
      {!reviewed && can('review_signals') && (
        <Button
          variant="light"
          size="sm"
          aria-describedby={sentenceId}
          loading={review.isPending}
          onClick={() =>
            review.mutate(signal.id, {
              onSuccess: () => {
                showToast(t('signals.reviewed'));
                onReviewed?.();
              },
              onError: (error) => showToast(messageOf(error, t('signals.reviewFailed')), { color: 'red' }),
            })
          }
        >
          {t('signals.markReviewed')}
        </Button>
      )}
    </Group>
  );
}

/** A page of signals and the pager's state; a page emptied by a review gives way to the one before. */
function usePagedSignals(status: SignalStatus, perPage: number, enabled = true) {
  const [page, setPage] = useState(1);
  const signals = useSignals({ status, page, perPage }, enabled);
  const total = signals.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (signals.data && !signals.isPlaceholderData && page > pages) setPage(pages);
  return { signals, page, setPage, total };
}

function SignalRows({ signals, onReviewed }: { signals: Signal[]; onReviewed?: () => void }) {
  return (
    <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} data-testid="signal-list">
      {signals.map((signal) => (
        <SignalRow key={signal.id} signal={signal} onReviewed={onReviewed} />
      ))}
    </Stack>
  );
}

function LoadFailed({ error, retry, className }: { error: unknown; retry: () => void; className?: string }) {
  const { t } = useTranslation('owner');
  return (
    <Notice color="red" icon={IconAlertTriangle} role="alert" className={className}>
      {messageOf(error, t('signals.loadFailed'))}{' '}
      <Button variant="subtle" size="compact-sm" onClick={retry}>
        {t('refresh')}
      </Button>
    </Notice>
  );
}

/**
 * The owner's dashboard panel: the open signals (five at a time, with how many there are), shown
 * only while there is one. A reviewed row goes; the keyboard's place moves to the title.
 */
export function SignalsPanel({ className }: { className?: string }) {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const { signals, page, setPage, total } = usePagedSignals('open', PANEL_PER_PAGE);
  if (signals.isError) {
    return <LoadFailed error={signals.error} retry={() => void signals.refetch()} className={className} />;
  }
  if (!signals.data || total === 0) return null;
  return (
    <Card
      className={className}
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="signals-panel"
      style={{ borderInlineStartWidth: 4, borderInlineStartColor: 'var(--mantine-color-orange-filled)' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="center" gap="xs">
          <Group gap="xs" wrap="nowrap" align="center">
            <IconAlertTriangle size={22} aria-hidden color="var(--mantine-color-orange-filled)" />
            <Title order={2} fz="h4" id={titleId} ref={titleRef} tabIndex={-1}>
              {t('signals.title')}{' '}
              <Badge component="span" color="orange" variant="light" size="lg" data-testid="signals-total">
                {format.number(total)}
              </Badge>
            </Title>
          </Group>
          <Anchor
            component={Link}
            to="/dashboard?tab=activity&signals=all"
            state={{ focusActivity: true } satisfies ActivityLinkState}
            size="sm"
            data-testid="signals-see-all"
          >
            {t('signals.seeAll')}
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          {t('signals.intro')}
        </Text>
        <SignalRows signals={signals.data.data} onReviewed={() => titleRef.current?.focus()} />
        {total > PANEL_PER_PAGE && (
          <Pager page={page} perPage={PANEL_PER_PAGE} total={total} onChange={setPage} />
        )}
      </Stack>
    </Card>
  );
}

/**
 * Every signal, reviewed ones too (who reviewed it and when), under the Activity tab behind a
 * button: fetched only once opened. A row reviewed here stays, saying so; the keyboard's place
 * moves to the list's title.
 */
export function AllSignals({ open, onToggle }: { open: boolean; onToggle: (open: boolean) => void }) {
  const { t } = useTranslation('owner');
  const listId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { signals, page, setPage, total } = usePagedSignals('all', ALL_PER_PAGE, open);
  return (
    <Card withBorder radius="md" padding="md" data-testid="all-signals">
      <Stack gap="xs">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={3} fz="h5" ref={titleRef} tabIndex={-1}>
            {t('signals.allTitle')}
          </Title>
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            rightSection={
              open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
            }
            onClick={() => onToggle(!open)}
          >
            {open ? t('signals.hideAll') : t('signals.showAll')}
          </Button>
        </Group>
        {open && (
          <div id={listId}>
            {signals.isError ? (
              <LoadFailed error={signals.error} retry={() => void signals.refetch()} />
            ) : !signals.data ? (
              <Center py="md">
                <Loader size="sm" />
              </Center>
            ) : total === 0 ? (
              <Text c="dimmed" size="sm">
                {t('signals.empty')}
              </Text>
            ) : (
              <Stack gap="xs">
                <SignalRows signals={signals.data.data} onReviewed={() => titleRef.current?.focus()} />
                {total > ALL_PER_PAGE && (
                  <Pager page={page} perPage={ALL_PER_PAGE} total={total} onChange={setPage} />
                )}
              </Stack>
            )}
          </div>
        )}
      </Stack>
    </Card>
  );
}
