import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { FormModal } from '@/components/form/form-modal';
import { useApiForm } from '@/components/form/use-api-form';
import { PasswordField } from '@/components/password-field';
import { showToast } from '@/lib/toasts';
import { useOwnerStores } from '../api/dashboard-queries';
import { useSaveStaff } from '../api/staff-mutations';
import type { StaffRequest, StaffUser } from '../types';

interface StaffModalProps {
  opened: boolean;
  user: StaffUser | null;
  onClose: () => void;
}

export function StaffModal({ opened, user, onClose }: StaffModalProps) {
  const { t } = useTranslation('owner');
  return (
    <FormModal opened={opened} onClose={onClose} title={user ? t('staff.editTitle') : t('staff.addTitle')}>
      <StaffForm key={user?.id ?? 'new'} user={user} onDone={onClose} />
    </FormModal>
  );
}

function StaffForm({ user, onDone }: { user: StaffUser | null; onDone: () => void }) {
  const { t } = useTranslation('owner');
  const stores = useOwnerStores();
  const save = useSaveStaff();
  const form = useApiForm({
    initialValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      store_id: user?.store_id ? String(user.store_id) : null,
    },
    validate: (values) => ({
      name: values.name.trim() ? undefined : t('staff.nameRequired'),
      email: values.email.trim() ? undefined : t('staff.emailRequired'),
      password: !user && !values.password ? t('staff.passwordRequired') : undefined,
      store_id: values.store_id ? undefined : t('staff.storeRequired'),
    }),
    submit: ({ name, email, password, store_id }) => {
      // The password goes only when entered: on edit a blank one keeps the current one.
      const body: StaffRequest = { name: name.trim(), email: email.trim(), store_id: Number(store_id) };
      if (password) body.password = password;
      return save.mutateAsync({ id: user?.id, body });
    },
    onSuccess: () => {
      showToast(user ? t('staff.updated') : t('staff.created'));
      onDone();
    },
    failure: user ? t('staff.updateFailed') : t('staff.createFailed'),
  });

  return (
    <ApiForm form={form}>
      <TextInput label={t('staff.name')} {...form.getInputProps('name')} required data-autofocus />
      <TextInput label={t('staff.email')} type="email" {...form.getInputProps('email')} required dir="ltr" />
      <PasswordField
        label={t('staff.password')}
        description={user ? t('staff.passwordEditHint') : undefined}
        {...form.getInputProps('password')}
        required={!user}
        autoComplete="new-password"
      />
      <Select
        label={t('staff.store')}
        data={(stores.data ?? []).map((store) => ({ value: String(store.id), label: store.name }))}
        {...form.getInputProps('store_id')}
        required
        allowDeselect={false}
      />
      <FormActions onCancel={onDone} submitLabel={t('save')} pendingLabel={t('saving')} />
    </ApiForm>
  );
}
