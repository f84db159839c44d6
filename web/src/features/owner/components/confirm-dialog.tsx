import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The spec's confirmations (delete, (de)activate, enable/disable, cancel plan). */
export function ConfirmDialog({
  opened,
  message,
  confirmLabel,
  danger,
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation('owner');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('confirm')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('goBack')}
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
