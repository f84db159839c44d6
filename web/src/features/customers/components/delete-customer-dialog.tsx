import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconMinus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form/form-error';
import { messageOf } from '@/lib/api/errors';
import { isolate, useFormat } from '@/lib/format';
import type { Customer } from '@/lib/api/types';
import { usePermissions } from '@/lib/session/permissions';
import { showToast } from '@/lib/toasts';
import { useDeleteCustomer } from '../api/delete-customer';

interface DeleteCustomerDialogProps {
  customer: Customer | null;
  onClose: () => void;
  onDeleted?: () => void;
  /** Opens the dialog that takes points away (offered to whoever may remove points). */
  onRemovePoints?: (customer: Customer) => void;
}

/**
 * Asks before deleting (spec section 8), then deletes and says so. The server refuses to delete a
 * customer who holds points (409 `customer_holds_points`: the books would lose them), so such a
 * customer is not offered a delete: the dialog says why, and what to do first.
 */
export function DeleteCustomerDialog({
  customer,
  onClose,
  onDeleted,
  onRemovePoints,
}: DeleteCustomerDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const mayRemove = usePermissions().can('remove_points');
  const remove = useDeleteCustomer();
  const holds = customer !== null && customer.loyalty_points > 0;

  function close() {
    remove.reset();
    onClose();
  }

  function confirm() {
    if (!customer) return;
    remove.mutate(customer.id, {
      onSuccess: () => {
        showToast(t('customers.delete.deleted'));
        onDeleted?.();
        close();
      },
    });
  }

  return (
    <Modal
      stackId="delete-customer-dialog"
      opened={customer !== null}
      onClose={close}
      title={t('customers.delete.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
      size="sm"
    >
      {customer && holds ? (
        <Stack gap="md" data-testid="customer-holds-points">
          <Text>
            {t('customers.delete.holdsPoints', {
              count: customer.loyalty_points,
              points: format.points(customer.loyalty_points),
              name: isolate(customer.name),
            })}
          </Text>
          <Text>{mayRemove ? t('customers.delete.removeFirst') : t('customers.delete.askOwner')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.goBack')}
            </Button>
            {mayRemove && onRemovePoints && (
              <Button
                leftSection={<IconMinus size={18} aria-hidden />}
                onClick={() => {
                  close();
                  onRemovePoints(customer);
                }}
              >
                {t('customers.delete.removePoints')}
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <FormError
            message={remove.isError ? messageOf(remove.error, t('customers.delete.failed')) : null}
          />
          <Text>{customer ? t('customers.delete.confirm', { name: isolate(customer.name) }) : null}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={confirm}
              loading={remove.isPending}
            >
              {t('customers.delete.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
