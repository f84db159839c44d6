import { PasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A password input as Mantine's, with what it leaves out: the show/hide button is reached with
 * Tab and named in the page's language (Mantine's is skipped by Tab and named in English; it
 * says whether the password is shown with `aria-pressed`), and a field with an error says so
 * (`aria-invalid`; Mantine points it at its message but does not mark it invalid).
 */
export function PasswordField(props: ComponentProps<typeof PasswordInput>) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      aria-invalid={props.error ? true : undefined}
      {...props}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('app.showPassword') }}
    />
  );
}
