import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconApi, IconClock, IconDatabase, IconHeartbeat } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/ltr';
import { useFormat } from '@/lib/format';
import type { Health } from '../types';

/** Whole days, hours and minutes of the server's uptime. */
export function splitUptime(seconds: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(seconds));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
  };
}

function Row({
  icon,
  label,
  children,
  testId,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={testId}>
      <Group gap="xs" wrap="nowrap">
        {icon}
        <Text size="sm">{label}</Text>
      </Group>
      {children}
    </Group>
  );
}

/** The system-health panel of the overview: live answers from the server, not samples. */
export function HealthPanel({ health }: { health: Health }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const uptime = splitUptime(health.uptime_seconds);
  const healthy = health.status === 'ok';
  const latency = health.database.latency_ms;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="health-panel">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t('health.title')}
          </Title>
          <Badge color={healthy ? 'green' : 'orange'} variant="light" data-testid="health-status">
            {healthy ? t('health.ok') : t('health.degraded')}
          </Badge>
        </Group>
        <Row
          testId="health-database"
          icon={<IconDatabase size={18} aria-hidden />}
          label={t('health.database')}
        >
          <Group gap="xs">
            {health.database.reachable && latency != null && (
              <Text size="sm" c="dimmed">
                {t('health.latency', {
                  ms: format.number(
                    latency,
                    latency < 1 ? { maximumSignificantDigits: 2 } : { maximumFractionDigits: 1 },
                  ),
                })}
              </Text>
            )}
            <Badge color={health.database.reachable ? 'green' : 'red'} variant="light">
              {health.database.reachable ? t('health.online') : t('health.offline')}
            </Badge>
          </Group>
        </Row>
        <Row testId="health-api" icon={<IconApi size={18} aria-hidden />} label={t('health.api')}>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('health.version')} <Ltr>{health.version}</Ltr>
            </Text>
            <Badge color={healthy ? 'green' : 'orange'} variant="light">
              {healthy ? t('health.healthy') : t('health.degraded')}
            </Badge>
          </Group>
        </Row>
        <Row testId="health-uptime" icon={<IconClock size={18} aria-hidden />} label={t('health.uptime')}>
          <Text size="sm" fw={500}>
            {uptime.days > 0
              ? t('health.uptimeDays', {
                  days: format.number(uptime.days),
                  hours: format.number(uptime.hours),
                })
              : uptime.hours > 0
                ? t('health.uptimeHours', {
                    hours: format.number(uptime.hours),
                    minutes: format.number(uptime.minutes),
                  })
                : t('health.uptimeMinutes', { minutes: format.number(uptime.minutes) })}
          </Text>
        </Row>
        <Group gap={6}>
          <IconHeartbeat size={16} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="xs" c="dimmed">
            {t('health.live')}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
