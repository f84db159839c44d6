import { Button, getDefaultZIndex, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from './form/form-error';
import type { Confirmation } from './use-confirmation';

interface ConfirmDialogProps {
  opened: boolean;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  /** The server's refusal (a 409 such as "cannot change yourself"), shown in the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The spec's confirmations before delete, (de)activate, enable/disable and cancelling a plan:
 * the action named on its button, and "Go back" (never a bare "Cancel") that changes nothing.
 */
export function ConfirmDialog({
  opened,
  message,
  confirmLabel,
  danger,
  busy,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('common.confirm')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      // A question stays above the dialog that asked it (Mantine's portals share one node).
      zIndex={getDefaultZIndex('modal') + 1}
    >
      <Stack>
        <Text>{message}</Text>
        <FormError message={error ?? null} testId="confirm-error" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.goBack')}
          </Button>
          <Button
            color={danger ? 'red' : undefined}
            onClick={onConfirm}
            loading={busy}
            data-testid="confirm-button"
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface ConfirmRecordActionProps<T extends { id: number }, R> {
  /** The question, and the record it is about. */
  confirmation: Confirmation<T>;
  message: (record: T) => string;
  confirmLabel: string;
  /** The action, given the record's id (a mutation). */
  action: { mutateAsync: (id: number) => Promise<R>; isPending: boolean };
  /** The toast's words, or what to do with the answer. */
  success: string | ((answer: R) => void);
  failure: string;
}

/** A dangerous action on one record (delete, revoke, rotate): asked about, then done on its id. */
export function ConfirmRecordAction<T extends { id: number }, R>({
  confirmation,
  message,
  confirmLabel,
  action,
  success,
  failure,
}: ConfirmRecordActionProps<T, R>) {
  const record = confirmation.asked;
  return (
    <ConfirmDialog
      {...confirmation.dialog}
      message={record ? message(record) : ''}
      confirmLabel={confirmLabel}
      danger
      busy={action.isPending}
      onConfirm={() => record && confirmation.settle(action.mutateAsync(record.id), success, failure)}
    />
  );
}
