import { ActionIcon, Avatar, Badge, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconEye, IconMail, IconPencil, IconPhone, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/ltr';
import type { Customer } from '@/lib/api/types';
import { initialsOf, useFormat } from '@/lib/format';
import { usePointsBalance } from './points-balance';

export type CustomerAction = 'view' | 'edit' | 'addPoints' | 'delete';

interface CustomerCardProps {
  customer: Customer;
  onAction: (action: CustomerAction, customer: Customer) => void;
}

export function CustomerCard({ customer, onAction }: CustomerCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const balance = usePointsBalance();
  return (
    <Card padding="md" data-testid="customer-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
          <Avatar color="brand" radius="xl" size="lg" aria-hidden>
            {initialsOf(customer.name)}
          </Avatar>
          <Stack gap={2} miw={0}>
            <Text fw={700} truncate>
              <bdi>{customer.name}</bdi>
            </Text>
            <Group gap={6} wrap="nowrap" c="dimmed">
              <IconPhone size={14} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" c="dimmed" truncate>
                {customer.phone ? <Ltr>{format.phone(customer.phone)}</Ltr> : t('common.notProvided')}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap" c="dimmed">
              <IconMail size={14} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" c="dimmed" truncate>
                {customer.email ? <Ltr>{customer.email}</Ltr> : t('common.notProvided')}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Stack gap="xs" align="flex-end" style={{ flexShrink: 0 }}>
          <Menu position="bottom-end" withinPortal shadow="md" width={180}>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('customers.actions.label', { name: customer.name })}
                title={t('customers.actions.title')}
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconEye size={16} />} onClick={() => onAction('view', customer)}>
                {t('customers.actions.view')}
              </Menu.Item>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction('edit', customer)}>
                {t('customers.actions.edit')}
              </Menu.Item>
              <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => onAction('addPoints', customer)}>
                {t('customers.actions.addPoints')}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="red"
                // Mantine draws a coloured item in shade 6 (3.3:1); shade 9 reads on white and on
                // its hover background.
                c="red.9"
                leftSection={<IconTrash size={16} />}
                onClick={() => onAction('delete', customer)}
              >
                {t('customers.actions.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Badge
            tt="none"
            variant="light"
            size="lg"
            color={customer.points_owed > 0 ? 'orange' : undefined}
            data-testid="customer-points"
          >
            {balance(customer)}
          </Badge>
        </Stack>
      </Group>
    </Card>
  );
}
