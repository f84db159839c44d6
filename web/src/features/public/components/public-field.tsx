import { TextInput } from '@mantine/core';
import { IconAt, IconPhone, IconUser } from '@tabler/icons-react';
import type { ChangeEvent, ReactNode } from 'react';
import { LtrTextInput } from './ltr-text-input';

/** The public forms' fields: what each is for the browser's autofill and the phone's keyboard. */
const FIELDS = {
  name: { Icon: IconUser, ltr: false, autoComplete: 'name' },
  phone: { Icon: IconPhone, ltr: true, type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  email: { Icon: IconAt, ltr: true, type: 'email', inputMode: 'email', autoComplete: 'email' },
} as const;

interface PublicFieldProps {
  field: keyof typeof FIELDS;
  label: string;
  description?: ReactNode;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * A large field of a public form (join, check points), named for its value. A name takes the
 * direction of its own script; a phone number or an email always reads left to right.
 */
export function PublicField({ field, onChange, ...props }: PublicFieldProps) {
  const { Icon, ltr, ...kind } = FIELDS[field];
  const input = {
    ...props,
    ...kind,
    name: field,
    size: 'lg',
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value),
  };
  const icon = <Icon size={20} aria-hidden />;
  return ltr ? (
    <LtrTextInput {...input} icon={icon} />
  ) : (
    <TextInput {...input} dir="auto" leftSection={icon} />
  );
}
