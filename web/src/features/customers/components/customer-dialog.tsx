import { TextInput } from '@mantine/core';
import { IconAt, IconPhone, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { FormModal } from '@/components/form/form-modal';
import { useApiForm } from '@/components/form/use-api-form';
import type { Customer } from '@/lib/api/types';
import { showToast } from '@/lib/toasts';
import { useSaveCustomer } from '../api/save-customer';
import { firstFailingRule, requestOf, valuesOf } from '../customer-rules';

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
    <FormModal
      stackId="customer-dialog"
      opened={opened}
      onClose={onClose}
      title={customer ? t('customers.dialog.editTitle') : t('customers.dialog.createTitle')}
      styles={{ title: { fontWeight: 700 } }}
    >
      {/* Keyed, so opening for another customer (or for a new one) starts from a clean form. */}
      <CustomerForm key={customer?.id ?? 'new'} customer={customer} onClose={onClose} onSaved={onSaved} />
    </FormModal>
  );
}

function CustomerForm({ customer, onClose, onSaved }: Omit<CustomerDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const save = useSaveCustomer();
  const editing = customer !== null;
  const form = useApiForm({
    initialValues: valuesOf(customer),
    validate: (values) => {
      const failure = firstFailingRule(values);
      return failure ? { [failure.field]: t(`customers.dialog.rules.${failure.rule}`) } : {};
    },
    submit: (values) => save.mutateAsync({ id: customer?.id ?? null, body: requestOf(values) }),
    onSuccess: (saved) => {
      showToast(editing ? t('customers.dialog.updated') : t('customers.dialog.created'));
      onSaved?.(saved);
      onClose();
    },
    failure: editing ? t('customers.dialog.updateFailed') : t('customers.dialog.createFailed'),
  });

  return (
    <ApiForm form={form} testId="customer-form" gap="md">
      <TextInput
        label={t('customers.fields.name')}
        leftSection={<IconUser size={16} aria-hidden />}
        {...form.getInputProps('name')}
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
        {...form.getInputProps('email')}
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
        {...form.getInputProps('phone')}
        name="phone"
        autoComplete="off"
      />
      <FormActions
        gap="sm"
        mt="xs"
        onCancel={onClose}
        submitLabel={t('customers.dialog.save')}
        pendingLabel={t('customers.dialog.saving')}
        submitProps={{ loading: false, disabled: form.pending }}
      />
    </ApiForm>
  );
}
