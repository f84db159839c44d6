import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconAt, IconPhone, IconUser } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form/form-error';
import { splitError } from '@/lib/api/form-errors';
import type { Customer } from '@/lib/api/types';
import { showToast } from '@/lib/toasts';
import { useSaveCustomer } from '../api/save-customer';
import {
  firstFailingRule,
  requestOf,
  valuesOf,
  type CustomerField,
  type CustomerFormValues,
} from '../customer-rules';

interface CustomerDialogProps {
  opened: boolean;
  /** The customer to edit, or null to add one. */
  customer: Customer | null;
  onClose: () => void;
  onSaved?: (customer: Customer) => void;
}

/** Add or edit a customer: name, email, phone. Points change through adjustments, not here. */
export function CustomerDialog({ opened, customer, onClose, onSaved }: CustomerDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      stackId="customer-dialog"
      opened={opened}
      onClose={onClose}
      title={customer ? t('customers.dialog.editTitle') : t('customers.dialog.createTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {/* Keyed, so opening for another customer (or for a new one) starts from a clean form. */}
      <CustomerForm key={customer?.id ?? 'new'} customer={customer} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

type FieldErrors = Partial<Record<CustomerField, string>>;

const FIELDS = ['name', 'email', 'phone'] as const satisfies readonly CustomerField[];

function CustomerForm({ customer, onClose, onSaved }: Omit<CustomerDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const save = useSaveCustomer();
  const editing = customer !== null;
  const [values, setValues] = useState<CustomerFormValues>(() => valuesOf(customer));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function set<K extends keyof CustomerFormValues>(field: K, value: CustomerFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const failure = firstFailingRule(values);
    if (failure) {
      setErrors({ [failure.field]: t(`customers.dialog.rules.${failure.rule}`) });
      return;
    }
    setErrors({});
    save.mutate(
      { id: customer?.id ?? null, body: requestOf(values) },
      {
        onSuccess: (saved) => {
          showToast(editing ? t('customers.dialog.updated') : t('customers.dialog.created'));
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => {
          const shown = splitError(
            error,
            FIELDS,
            editing ? t('customers.dialog.updateFailed') : t('customers.dialog.createFailed'),
          );
          setErrors(shown.fields);
          setFormError(shown.alert);
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="customer-form">
      <Stack gap="md">
        <FormError message={formError} />
        <TextInput
          label={t('customers.fields.name')}
          leftSection={<IconUser size={16} aria-hidden />}
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={errors.name}
          required
          data-autofocus
          name="name"
          autoComplete="off"
        />
        <TextInput
          label={t('customers.fields.email')}
          leftSection={<IconAt size={16} aria-hidden />}
          placeholder="name@example.ly"
          type="email"
          dir="ltr"
          value={values.email}
          onChange={(event) => set('email', event.currentTarget.value)}
          error={errors.email}
          name="email"
          autoComplete="off"
        />
        <TextInput
          label={t('customers.fields.phone')}
          description={t('customers.fields.phoneHint')}
          leftSection={<IconPhone size={16} aria-hidden />}
          placeholder="091 234 5678"
          type="tel"
          dir="ltr"
          value={values.phone}
          onChange={(event) => set('phone', event.currentTarget.value)}
          error={errors.phone}
          name="phone"
          autoComplete="off"
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('customers.dialog.saving') : t('customers.dialog.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
