import {
  ActionIcon,
  Avatar,
  Badge,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExpiryNotice } from '@/components/expiry-notice';
import { Ltr } from '@/components/ltr';
import { UnconfirmedJoinBadge } from '@/components/unconfirmed-join-badge';
import { customerDetailQueryOptions } from '@/lib/api/customers';
import { isNetworkError, messageOf } from '@/lib/api/errors';
import type { Customer } from '@/lib/api/types';
import { initialsOf, useFormat } from '@/lib/format';
import { customerSearchQueryOptions, MIN_SEARCH_LENGTH, useCustomerSearch } from '../api/search-customers';
import { matchCustomers } from '../offline/match-customer';
import { useOnline } from '../offline/use-offline-ready';
import classes from './customer-picker.module.css';

interface CustomerPickerProps {
  value: Customer | null;
  onChange: (customer: Customer | null) => void;
  /** A validation message for the customer (e.g. none chosen). */
  error?: string;
  /** Shown on the selected-customer card: the balance the form cares about. */
  pointsLabel?: 'points' | 'available';
  disabled?: boolean;
  /** Customers to offer when the search cannot reach the server (recently served ones). */
  offlineCustomers?: Customer[];
}

/** Spec's customer search: by name, phone or email from 2 characters, then a selected card. */
export function CustomerPicker({
  value,
  onChange,
  error,
  pointsLabel = 'points',
  disabled,
  offlineCustomers = [],
}: CustomerPickerProps) {
  if (value) {
    return (
      <SelectedCustomerCard
        customer={value}
        onClear={() => onChange(null)}
        pointsLabel={pointsLabel}
        disabled={disabled}
      />
    );
  }
  return <CustomerSearch onPick={onChange} error={error} offlineCustomers={offlineCustomers} />;
}

/** After this long without the server's answer, this device's customers are offered too. */
const SLOW_SEARCH_MS = 2_000;

/** Whether `busy` has been true for `ms` without a break. */
function useSlow(busy: boolean, ms: number): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => setSlow(true), ms);
    return () => {
      window.clearTimeout(timer);
      setSlow(false);
    };
  }, [busy, ms]);
  return busy && slow;
}

function CustomerSearch({
  onPick,
  error,
  offlineCustomers,
}: {
  onPick: (customer: Customer) => void;
  error?: string;
  offlineCustomers: Customer[];
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 300);
  const online = useOnline();
  // With the network known to be gone the server is not asked: this device's customers answer.
  const search = useCustomerSearch(debounced, online);
  const queryClient = useQueryClient();
  const resultsId = useId();
  const longEnough = Array.from(debounced.trim()).length >= MIN_SEARCH_LENGTH;
  const typedEnough = Array.from(query.trim()).length >= MIN_SEARCH_LENGTH;
  const slow = useSlow(search.isFetching, SLOW_SEARCH_MS);
  // The recently served customers, at once when offline, and when the server is slow to answer
  // or cannot be reached (a network gone without the browser knowing).
  const local =
    typedEnough && (!online || slow || (search.isError && isNetworkError(search.error)))
      ? matchCustomers(offlineCustomers, query)
      : [];

  return (
    <Stack gap="xs">
      <TextInput
        label={t('pos.customerSearch.label')}
        placeholder={t('pos.customerSearch.placeholder')}
        description={typedEnough ? undefined : t('pos.customerSearch.hint')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={search.isFetching ? <Loader size="xs" aria-label={t('app.loading')} /> : null}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter picks the first match (type a phone, press Enter) and never submits the form.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          // Offline (or the server slow): the first of this device's matching customers.
          if (!online || (local.length > 0 && !search.data?.length)) {
            const first = local[0];
            if (first) onPick(first);
            return;
          }
          // Only answers to what is typed now, not the previous query's results still on screen.
          const current = debounced === query && longEnough && !search.isPlaceholderData;
          if (current) {
            const first = search.data?.[0];
            if (first) onPick(first);
            return;
          }
          // A scanner types the phone and Enter within the debounce: search what was typed now.
          const typed = event.currentTarget.value;
          if (Array.from(typed.trim()).length < MIN_SEARCH_LENGTH) return;
          void queryClient
            .fetchQuery(customerSearchQueryOptions(typed))
            .then((found) => {
              const first = found[0];
              if (first) onPick(first);
            })
            .catch(() => {
              // The search's own error shows once the debounced query runs.
            });
        }}
        error={error}
        aria-controls={resultsId}
        autoComplete="off"
        data-autofocus
        size="md"
      />
      <div id={resultsId} aria-live="polite">
        {typedEnough && longEnough && search.isError && (
          <Text c="red" size="sm">
            {messageOf(search.error, t('pos.customerSearch.failed'))}
          </Text>
        )}
        {local.length > 0 && <OfflineChoices matches={local} onPick={onPick} />}
        {typedEnough && !online && local.length === 0 && (
          <Text c="dimmed" size="sm" ta="center" py="sm" data-testid="offline-no-match">
            {t('pos.offline.noRecentMatch')}
          </Text>
        )}
        {online &&
          typedEnough &&
          longEnough &&
          search.data &&
          search.data.length === 0 &&
          !search.isFetching && (
            <Text c="dimmed" size="sm" ta="center" py="sm">
              {t('pos.customerSearch.noResults')}
            </Text>
          )}
        {online && typedEnough && longEnough && search.data && search.data.length > 0 && (
          <Paper withBorder radius="md" className={classes.results}>
            <Stack gap={0} role="list" aria-label={t('pos.customerSearch.results')}>
              {search.data.map((customer) => (
                <div role="listitem" key={customer.id}>
                  <SearchResult customer={customer} onPick={onPick} />
                </div>
              ))}
            </Stack>
          </Paper>
        )}
      </div>
    </Stack>
  );
}

/** With the network gone (or slow): the recently served customers that match what is typed. */
function OfflineChoices({ matches, onPick }: { matches: Customer[]; onPick: (customer: Customer) => void }) {
  const { t } = useTranslation();
  if (matches.length === 0) return null;
  return (
    <Paper withBorder radius="md" className={classes.results}>
      <Text size="sm" fw={600} px="sm" pt="xs">
        {t('pos.offline.recentCustomers')}
      </Text>
      <Stack gap={0} role="list" aria-label={t('pos.offline.recentCustomers')}>
        {matches.slice(0, 10).map((customer) => (
          <div role="listitem" key={customer.id}>
            <SearchResult customer={customer} onPick={onPick} />
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

function SearchResult({ customer, onPick }: { customer: Customer; onPick: (customer: Customer) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <UnstyledButton className={classes.result} onClick={() => onPick(customer)} data-testid="customer-result">
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar color="brand" radius="xl" aria-hidden>
            {initialsOf(customer.name)}
          </Avatar>
          <Stack gap={0} miw={0}>
            {/* A name wraps, never cut: an ellipsis would cut an Arabic name on the English
                page from its start (its start is at the line's end there). */}
            <Text fw={600} className={classes.name}>
              <bdi>{customer.name}</bdi>
            </Text>
            <Text size="sm" c="dimmed" truncate>
              <Ltr>
                {customer.phone ? format.phone(customer.phone) : (customer.email ?? t('common.notProvided'))}
              </Ltr>
            </Text>
            {customer.unconfirmed_join && <UnconfirmedJoinBadge />}
          </Stack>
        </Group>
        <Badge tt="none" variant="light" size="lg" className={classes.noShrink}>
          {t('common.pointsShort', {
            count: customer.loyalty_points,
            points: format.points(customer.loyalty_points),
          })}
        </Badge>
      </Group>
    </UnstyledButton>
  );
}

interface SelectedCustomerCardProps {
  customer: Customer;
  onClear: () => void;
  pointsLabel: 'points' | 'available';
  disabled?: boolean;
}

function SelectedCustomerCard({ customer, onClear, pointsLabel, disabled }: SelectedCustomerCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder p="md" radius="md" bg="brand.0" data-testid="selected-customer">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar color="brand" radius="xl" size="lg" variant="filled" aria-hidden>
            {initialsOf(customer.name)}
          </Avatar>
          <Stack gap={2} miw={0}>
            <Text size="xs" c="dimmed" fw={500}>
              {t('pos.customerSearch.selected')}
            </Text>
            <Text fw={700} size="lg" className={classes.name}>
              <bdi>{customer.name}</bdi>
            </Text>
            {customer.phone && (
              <Text size="sm" c="dimmed">
                <Ltr>{format.phone(customer.phone)}</Ltr>
              </Text>
            )}
            {customer.unconfirmed_join && <UnconfirmedJoinBadge />}
          </Stack>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Stack gap={0} align="center">
            <Text fw={800} size="xl" c="brand.8" lh={1.1} data-testid="selected-customer-points">
              {format.points(customer.loyalty_points)}
            </Text>
            <Text size="xs" c="dimmed">
              {pointsLabel === 'available' ? t('pos.customerSearch.pointsAvailable') : t('common.points')}
            </Text>
          </Stack>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={onClear}
            disabled={disabled}
            aria-label={t('pos.customerSearch.clear')}
            title={t('pos.customerSearch.clear')}
          >
            <IconX size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <SelectedCustomerExpiry customerId={customer.id} />
    </Paper>
  );
}

/**
 * The chosen customer's next points to expire, for the cashier to pass on. From the customer's
 * own answer (already loaded when the form was opened from the customer's page); nothing is
 * shown while it loads, when it cannot be had (offline), or when no points expire soon.
 */
function SelectedCustomerExpiry({ customerId }: { customerId: number }) {
  const detail = useQuery({ ...customerDetailQueryOptions(customerId), select: (data) => data.nextExpiry });
  return <ExpiryNotice expiry={detail.data} mt="sm" />;
}
