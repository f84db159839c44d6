import { Button, Divider, getDefaultZIndex, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api/errors';
import { showToast } from '@/lib/toasts';
import { FormError } from './form/form-error';

/** The dialog's words, in the feature's own namespace (names already put in). */
export interface DeactivateInsteadTexts {
  title: string;
  /** Why a person with history cannot be deleted, and what deactivating does instead. */
  deactivateFirst: string;
  /** Said in its place when the person is already deactivated. */
  alreadyInactive: string;
  /** Who can be deleted, and the "cannot be undone" question. */
  deleteQuestion: string;
  deactivateInstead: string;
  delete: string;
  deactivated: string;
  deleted: string;
  deactivateFailed: string;
  deleteFailed: string;
}

interface DeactivateInsteadDialogProps {
  /** The person asked about; the dialog is open while there is one. */
  person: { is_active: boolean } | null;
  texts: DeactivateInsteadTexts;
  deactivate: () => Promise<unknown>;
  remove: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * Deleting a person who may have history (issue #35): the server keeps anyone with sales (409
 * `user_has_history`) and nothing in the list says who has it, so the question leads with what
 * always works, deactivating, and only then offers the delete that cannot be undone. A refusal is
 * the server's own words, in the dialog, with "Deactivate instead" still there.
 */
export function DeactivateInsteadDialog({
  person,
  texts,
  deactivate,
  remove,
  onClose,
}: DeactivateInsteadDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'deactivate' | 'delete' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    setFailure(null);
    onClose();
  }

  function run(which: 'deactivate' | 'delete') {
    setBusy(which);
    setFailure(null);
    (which === 'deactivate' ? deactivate() : remove()).then(
      () => {
        setBusy(null);
        showToast(which === 'deactivate' ? texts.deactivated : texts.deleted);
        close();
      },
      (error: unknown) => {
        setBusy(null);
        setFailure(messageOf(error, which === 'deactivate' ? texts.deactivateFailed : texts.deleteFailed));
      },
    );
  }

  return (
    <Modal
      opened={person !== null}
      onClose={close}
      title={texts.title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
      zIndex={getDefaultZIndex('modal') + 1}
    >
      {person && (
        <Stack data-testid="delete-person-dialog">
          {person.is_active ? (
            <>
              <Text>{texts.deactivateFirst}</Text>
              <Group justify="flex-end">
                <Button
                  leftSection={<IconUserOff size={18} aria-hidden />}
                  onClick={() => run('deactivate')}
                  loading={busy === 'deactivate'}
                  disabled={busy === 'delete'}
                  data-autofocus
                  data-testid="deactivate-instead"
                >
                  {texts.deactivateInstead}
                </Button>
              </Group>
            </>
          ) : (
            <Text>{texts.alreadyInactive}</Text>
          )}
          <Divider />
          <Text>{texts.deleteQuestion}</Text>
          <FormError message={failure} testId="confirm-error" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy !== null}>
              {t('common.goBack')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => run('delete')}
              loading={busy === 'delete'}
              disabled={busy === 'deactivate'}
              data-testid="confirm-delete"
            >
              {texts.delete}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
