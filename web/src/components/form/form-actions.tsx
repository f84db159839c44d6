import { Button, Group, type ButtonProps, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormPending } from './form-state';

interface FormActionsProps extends Omit<GroupProps, 'children'> {
  submitLabel: ReactNode;
  /** The submit button's words while the server works (otherwise it shows a spinner). */
  pendingLabel?: ReactNode;
  /** Shown with a Cancel button that does this (off while the server works). */
  onCancel?: () => void;
  cancelLabel?: ReactNode;
  /** The submit button's look (an icon, a colour) or state (`disabled`, `loading`). */
  submitProps?: ButtonProps;
  /** Only Cancel (for a form that can be read but not sent). */
  readOnly?: boolean;
}

/** A form's buttons at its end: Cancel, then the submit button, both aware of the pending state. */
export function FormActions({
  submitLabel,
  pendingLabel,
  onCancel,
  cancelLabel,
  submitProps,
  readOnly = false,
  ...group
}: FormActionsProps) {
  const { t } = useTranslation();
  const pending = useFormPending();
  return (
    <Group justify="flex-end" {...group}>
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
      )}
      {!readOnly && (
        <Button type="submit" loading={pending} {...submitProps}>
          {pending && pendingLabel ? pendingLabel : submitLabel}
        </Button>
      )}
    </Group>
  );
}
