import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBell,
  IconClockExclamation,
  IconFileImport,
  IconMessageCircleOff,
  IconWebhook,
  type Icon,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isolate, isolateLtr, useFormat } from '@/lib/format';
import { useRelativeTime } from '@/lib/relative-time';
import { describeSignal, signalTarget } from '@/lib/signal-description';
import { type Notification, useNotifications, useReadNotifications } from '@/lib/api/notifications';

const ICONS: Record<Notification['kind'], { icon: Icon; color: string }> = {
  signal: { icon: IconAlertTriangle, color: 'orange' },
  plan_ending: { icon: IconClockExclamation, color: 'red' },
  customers_imported: { icon: IconFileImport, color: 'teal' },
  webhook_failing: { icon: IconWebhook, color: 'red' },
  messages_limit_reached: { icon: IconMessageCircleOff, color: 'orange' },
};

/**
 * Where a notification leads: the sales behind a signal, the plan, the customers, the messages,
 * the webhooks.
 */
function targetOf(n: Notification): string {
  if (n.signal) return signalTarget(n.signal) ?? '/dashboard?tab=activity';
  if (n.plan) return '/dashboard?tab=subscription';
  if (n.import) return '/dashboard?tab=customers';
  if (n.messages_limit) return '/dashboard?tab=messages';
  return '/dashboard?tab=integrations';
}

function useSentence() {
  const { t } = useTranslation();
  const format = useFormat();
  return (n: Notification): string => {
    if (n.signal) {
      const s = n.signal;
      const facts = {
        kind: s.kind,
        figure: s.figure,
        threshold: s.threshold,
        outOf: s.out_of,
        customer: s.customer?.name,
        cashier: s.cashier?.name,
      };
      return describeSignal(facts, t, format, format.date(s.day)) ?? t('activity.kinds.unknown');
    }
    if (n.plan) {
      return t('dashboard.bell.planEnding', {
        package: isolate(n.plan.package),
        count: n.plan.days_left,
        days: format.number(n.plan.days_left),
        date: format.date(n.plan.ends_at),
      });
    }
    if (n.import) {
      return t(n.import.points > 0 ? 'dashboard.bell.imported' : 'dashboard.bell.importedNoPoints', {
        count: n.import.customers,
        customers: format.number(n.import.customers),
        points: format.points(n.import.points),
        store: isolate(n.import.store.name),
      });
    }
    // The server words it, in the caller's language, with the month and the limit.
    if (n.messages_limit) return n.messages_limit.message;
    return t('dashboard.bell.webhookFailing', {
      count: n.webhook?.failing ?? 0,
      n: format.number(n.webhook?.failing ?? 0),
      url: isolateLtr(n.webhook?.url ?? ''),
    });
  };
}

/**
 * The top bar's bell (issue #35, item 5): the count is the server's unread notifications; it
 * opens the list, newest first. Opening one marks it read and goes where it is about; "Mark all
 * read" clears the count.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const format = useFormat();
  const relative = useRelativeTime();
  const navigate = useNavigate();
  const sentence = useSentence();
  const list = useNotifications();
  const read = useReadNotifications();
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const items = list.data?.data ?? [];
  const count = list.data?.meta.unread ?? 0;
  const unreadKeys = items.filter((n) => !n.read).map((n) => n.key);

  function open(n: Notification) {
    setOpened(false);
    if (!n.read) read.mutate([n.key]);
    void navigate(targetOf(n));
  }

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={380}
      position="bottom-end"
      shadow="md"
      withArrow
      trapFocus
      returnFocus
      closeOnEscape
    >
      <Indicator
        label={format.number(count)}
        size={18}
        color="red"
        offset={4}
        disabled={count === 0}
        data-testid="notification-badge"
      >
        {/* The target is the button itself: it carries aria-haspopup, -expanded and -controls. */}
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            onClick={() => setOpened((o) => !o)}
            aria-label={`${t('dashboard.notifications')} (${t('dashboard.notificationsCount', { count, n: format.number(count) })})`}
            data-testid="notification-bell"
          >
            <IconBell size={22} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="sm" role="dialog" aria-labelledby={titleId} data-testid="notification-list">
        <Group justify="space-between" mb="xs">
          <Text id={titleId} fw={700}>
            {t('dashboard.notifications')}
          </Text>
          {unreadKeys.length > 0 && (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={read.isPending}
              onClick={() => read.mutate(unreadKeys)}
              data-testid="notification-read-all"
            >
              {t('dashboard.bell.readAll')}
            </Button>
          )}
        </Group>
        {list.isError && (
          <Text size="sm" c="red.8">
            {t('dashboard.bell.failed')}
          </Text>
        )}
        {list.data && items.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="notification-empty">
            {t('dashboard.bell.empty')}
          </Text>
        )}
        {items.length > 0 && (
          <Stack
            component="ul"
            gap={2}
            m={0}
            p={0}
            style={{ listStyle: 'none', maxBlockSize: '24rem', overflowY: 'auto' }}
          >
            {items.map((n) => {
              const { icon: KindIcon, color } = ICONS[n.kind];
              return (
                <li key={n.key}>
                  <UnstyledButton
                    onClick={() => open(n)}
                    w="100%"
                    p="xs"
                    style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                    bg={n.read ? undefined : 'var(--mantine-color-blue-light)'}
                    data-testid="notification-item"
                    data-kind={n.kind}
                    data-read={n.read ? 'true' : 'false'}
                  >
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <ThemeIcon variant="light" color={color} radius="xl" size="md" aria-hidden>
                        <KindIcon size={16} />
                      </ThemeIcon>
                      <Stack gap={2} style={{ minInlineSize: 0, flex: 1 }}>
                        <Text size="sm" fw={n.read ? 400 : 600} style={{ overflowWrap: 'anywhere' }}>
                          {sentence(n)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {n.read ? relative(n.at) : `${t('dashboard.bell.unread')} · ${relative(n.at)}`}
                        </Text>
                      </Stack>
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
