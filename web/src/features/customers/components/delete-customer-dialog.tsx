import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form/form-error';
import { messageOf } from '@/lib/api/errors';
import { isolate } from '@/lib/format';
import type { Customer } from '@/lib/api/types';
import { showToast } from '@/lib/toasts';
import { useDeleteCustomer } from '../api/delete-customer';

interface DeleteCustomerDialogProps {
  customer: Customer | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Asks before deleting (spec section 8), then deletes and says so. */
export function DeleteCustomerDialog({ customer, onClose, onDeleted }: DeleteCustomerDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteCustomer();

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
      <Stack gap="md">
        <FormError message={remove.isError ? messageOf(remove.error, t('customers.delete.failed')) : null} />
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
    </Modal>
  );
}
