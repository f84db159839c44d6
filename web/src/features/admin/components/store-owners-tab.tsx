import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/ltr';
import { QueryTable } from '@/components/record-table';
import { useFormat } from '@/lib/format';
import { useStoreOwnerRecords } from '../api/list-store-owners';
import type { StoreOwnerRecord } from '../types';
import { ADMIN_TABLE } from './admin-table';
import { AssignPackageModal } from './assign-package-modal';

function daysColor(days: number): string {
  if (days <= 7) return 'red';
  if (days <= 30) return 'orange';
  return 'green';
}

export function StoreOwnersTab() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const owners = useStoreOwnerRecords();
  const [assigning, setAssigning] = useState<StoreOwnerRecord | null>(null);

  function packageOf(owner: StoreOwnerRecord) {
    const sub = owner.active_subscription;
    if (!sub) {
      return (
        <Text size="sm" c="dimmed">
          {t('owners.noSubscription')}
        </Text>
      );
    }
    return (
      <>
        <Text size="sm" fw={500}>
          {sub.package.name}
        </Text>
        <Text size="xs" c="dimmed">
          {t('owners.packageFacts', {
            stores: t('packages.storesCount', {
              count: sub.package.store_limit,
              value: format.number(sub.package.store_limit),
            }),
            months: t('months', {
              count: sub.package.duration_months,
              value: format.number(sub.package.duration_months),
            }),
          })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('owners.expires', { date: format.date(sub.end_date) })}
        </Text>
      </>
    );
  }

  function statusOf(owner: StoreOwnerRecord) {
    const sub = owner.active_subscription;
    if (!sub) {
      return (
        <Badge color="gray" variant="light">
          {t('owners.none')}
        </Badge>
      );
    }
    return (
      <Stack gap={4} align="flex-start">
        <Badge color={daysColor(sub.remaining_days)} variant="light">
          {t('owners.daysLeft', { count: sub.remaining_days, value: format.number(sub.remaining_days) })}
        </Badge>
        <Text size="xs" c="dimmed">
          {sub.auto_renew ? t('owners.autoRenewOn') : t('owners.autoRenewOff')}
        </Text>
      </Stack>
    );
  }

  return (
    <Stack>
      <QueryTable
        query={owners}
        {...ADMIN_TABLE}
        minWidth={900}
        data-testid="owners-table"
        rowTestId="owner-row"
        empty={t('owners.empty')}
        columns={[
          {
            header: t('owners.owner'),
            cell: (owner) => (
              <>
                <Text fw={500} size="sm">
                  {owner.store_owner_name || owner.user.name}
                </Text>
                {owner.store_owner_name && owner.store_owner_name !== owner.user.name && (
                  <Text size="xs" c="dimmed">
                    {owner.user.name}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  <Ltr>{owner.user.email}</Ltr>
                </Text>
                <Badge mt={4} size="xs" color={owner.user.is_active ? 'green' : 'gray'} variant="light">
                  {owner.user.is_active ? t('active') : t('inactive')}
                </Badge>
              </>
            ),
          },
          {
            header: t('owners.stores'),
            cell: (owner) => (
              <>
                <Text size="sm">
                  {t('owners.storesCount', {
                    count: owner.stores_count,
                    value: format.number(owner.stores_count),
                  })}
                </Text>
                <Text size="xs" c="dimmed">
                  {owner.has_active_subscription
                    ? t('owners.remainingSlots', {
                        count: owner.remaining_store_slots,
                        value: format.number(owner.remaining_store_slots),
                      })
                    : t('owners.noSubscription')}
                </Text>
              </>
            ),
          },
          { header: t('owners.package'), cell: packageOf },
          { header: t('owners.status'), cell: statusOf },
          {
            header: t('actions'),
            cell: (owner) => (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPackage size={14} />}
                onClick={() => setAssigning(owner)}
                aria-label={t(owner.active_subscription ? 'owners.changeNamed' : 'owners.assignNamed', {
                  name: owner.user.name,
                })}
              >
                {owner.active_subscription ? t('owners.change') : t('owners.assign')}
              </Button>
            ),
          },
        ]}
      />
      <AssignPackageModal owner={assigning} onClose={() => setAssigning(null)} />
    </Stack>
  );
}
