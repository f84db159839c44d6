import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The modal around a form: its content is made anew at each opening (key the form by what it
 * edits, so another item starts from its own values), and its close button is named in the
 * page's language.
 */
export function FormModal({ opened, children, ...modal }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} closeButtonProps={{ 'aria-label': t('common.close') }} {...modal}>
      {opened && children}
    </Modal>
  );
}
