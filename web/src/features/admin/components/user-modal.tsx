import { Checkbox, Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { FormModal } from '@/components/form/form-modal';
import { useApiForm } from '@/components/form/use-api-form';
import { PasswordField } from '@/components/password-field';
import { showToast } from '@/lib/toasts';
import { useSaveUser } from '../api/save-user';
import { useStores } from '../api/list-stores';
import type { AdminUser, UserRole } from '../types';
import { userRequest, validateUser, type UserFormValues } from '../user-form-rules';

const ROLES: readonly UserRole[] = ['admin', 'store_owner', 'pos_user'];

interface UserModalProps {
  opened: boolean;
  user: AdminUser | null;
  onClose: () => void;
}

export function UserModal({ opened, user, onClose }: UserModalProps) {
  const { t } = useTranslation('admin');
  return (
    <FormModal opened={opened} onClose={onClose} title={user ? t('users.editTitle') : t('users.addTitle')}>
      {/* Keyed so each opening starts from the user's values. */}
      <UserForm key={user?.id ?? 'new'} user={user} onDone={onClose} />
    </FormModal>
  );
}

export function UserForm({ user, onDone }: { user: AdminUser | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const creating = user === null;
  const save = useSaveUser();
  const initialValues: UserFormValues = {
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    role: user?.role ?? '',
    storeOwnerName: user?.store_owner_name ?? '',
    storeId: user?.store_id ? String(user.store_id) : '',
    isActive: user?.is_active ?? true,
  };
  const form = useApiForm({
    initialValues,
    serverFields: { store_owner_name: 'storeOwnerName', store_id: 'storeId' },
    validate: (values) => validateUser(values, creating, t),
    submit: (values) => save.mutateAsync({ id: user?.id, body: userRequest(values) }),
    onSuccess: () => {
      showToast(creating ? t('users.created') : t('users.updated'));
      onDone();
    },
    failure: creating ? t('users.createFailed') : t('users.updateFailed'),
  });
  const { role } = form.values;

  return (
    <ApiForm form={form} testId="user-form">
      <TextInput label={t('users.name')} {...form.getInputProps('name')} required data-autofocus />
      <TextInput label={t('users.email')} type="email" {...form.getInputProps('email')} required />
      <PasswordField
        label={t('users.password')}
        description={creating ? undefined : t('users.passwordKeep')}
        {...form.getInputProps('password')}
        required={creating}
        autoComplete="new-password"
      />
      <Select
        label={t('users.role')}
        placeholder={t('users.selectRole')}
        data={ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
        {...form.getInputProps('role')}
        value={role || null}
        onChange={(value) => form.setFieldValue('role', (value as UserRole | null) ?? '')}
        required
        disabled={!creating}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {role === 'store_owner' && (
        <TextInput label={t('users.storeOwnerName')} {...form.getInputProps('storeOwnerName')} required />
      )}
      {role === 'pos_user' && <StoreSelect {...form.getInputProps('storeId')} />}
      <Checkbox label={t('users.active')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
      <FormActions onCancel={onDone} submitLabel={creating ? t('users.create') : t('save')} />
    </ApiForm>
  );
}

function StoreSelect({ value, onChange, error }: GetInputPropsReturnType) {
  const { t } = useTranslation('admin');
  const stores = useStores();
  return (
    <Select
      label={t('users.store')}
      placeholder={stores.isPending ? t('loading') : t('users.selectStore')}
      data={(stores.data ?? []).map((store) => ({
        value: String(store.id),
        label: `${store.name} (${store.owner.name})`,
      }))}
      value={value || null}
      onChange={(picked) => onChange(picked ?? '')}
      error={error ?? (stores.isError ? t('loadFailed') : undefined)}
      required
      searchable
      nothingFoundMessage={t('noResults')}
    />
  );
}
