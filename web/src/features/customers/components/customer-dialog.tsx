import { Group, Input, NativeSelect, TextInput } from '@mantine/core';
import { IconAt, IconCake, IconPhone, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { FormModal } from '@/components/form/form-modal';
import { useApiForm } from '@/components/form/use-api-form';
import type { Customer } from '@/lib/api/types';
import { useFormat } from '@/lib/format';
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

/**
 * Add or edit a customer: name, email, phone, birthday (month and day). Points change through
 * adjustments, not here.
 */
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
  const format = useFormat();
  const form = useApiForm({
    initialValues: valuesOf(customer),
    // The server's message about the birthday shows under the pair of selects.
    serverFields: { birthday: 'birthdayMonth' },
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
      <Input.Wrapper
        labelElement="div"
        label={t('customers.fields.birthday')}
        description={t('customers.fields.birthdayHint')}
        error={form.errors.birthdayMonth}
      >
        <Group gap="xs" grow mt={4} wrap="nowrap">
          <NativeSelect
            aria-label={t('customers.fields.birthdayMonth')}
            leftSection={<IconCake size={16} aria-hidden />}
            data={[
              { value: '', label: t('customers.fields.birthdayMonth') },
              ...monthOptions(format.language),
            ]}
            {...form.getInputProps('birthdayMonth')}
            error={Boolean(form.errors.birthdayMonth)}
            name="birthday_month"
            data-testid="birthday-month"
          />
          <NativeSelect
            aria-label={t('customers.fields.birthdayDay')}
            data={[{ value: '', label: t('customers.fields.birthdayDay') }, ...DAYS]}
            {...form.getInputProps('birthdayDay')}
            onChange={(event) => {
              form.setFieldValue('birthdayDay', event.currentTarget.value);
              form.clearFieldError('birthdayMonth');
            }}
            error={Boolean(form.errors.birthdayMonth)}
            name="birthday_day"
            data-testid="birthday-day"
          />
        </Group>
      </Input.Wrapper>
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

/** Days 1 to 31 in Latin digits (every number in the app is). */
const DAYS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

/** The months by name in the reader's language ("مارس", "March"), valued 1 to 12. */
function monthOptions(language: 'ar' | 'en'): { value: string; label: string }[] {
  const name = new Intl.DateTimeFormat(language === 'ar' ? 'ar-LY' : 'en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
  return Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: name.format(new Date(Date.UTC(2000, i, 1))),
  }));
}
