import { Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { showToast } from '@/lib/toasts';
import { splitError } from '@/lib/api/form-errors';
import { useSaveUser } from '../api/mutations';
import { useStores } from '../api/queries';
import type { AdminUser, UserRole } from '../types';
import {
  USER_FIELDS,
  userRequest,
  validateUser,
  type UserField,
  type UserFormValues,
} from '../user-form-rules';
import { FormError } from '@/components/form-error';

const ROLES: readonly UserRole[] = ['admin', 'store_owner', 'pos_user'];
const FIELD_OF: Partial<Record<keyof UserFormValues, UserField>> = {
  name: 'name',
  email: 'email',
  password: 'password',
  role: 'role',
  storeOwnerName: 'store_owner_name',
  storeId: 'store_id',
};

interface UserModalProps {
  opened: boolean;
  user: AdminUser | null;
  onClose: () => void;
}

export function UserModal({ opened, user, onClose }: UserModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={user ? t('users.editTitle') : t('users.addTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {/* Keyed so each opening starts from the user's values. */}
      {opened && <UserForm key={user?.id ?? 'new'} user={user} onDone={onClose} />}
    </Modal>
  );
}

export function UserForm({ user, onDone }: { user: AdminUser | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const creating = user === null;
  const save = useSaveUser();
  const [values, setValues] = useState<UserFormValues>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    role: user?.role ?? '',
    storeOwnerName: user?.store_owner_name ?? '',
    storeId: user?.store_id ? String(user.store_id) : '',
    isActive: user?.is_active ?? true,
  });
  const [errors, setErrors] = useState<Partial<Record<UserField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A message goes away once its field is changed.
    const field = FIELD_OF[key];
    if (field)
      setErrors((current) => {
        const next = { ...current };
        delete next[field];
        return next;
      });
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const found = validateUser(values, creating, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: user?.id, body: userRequest(values) },
      {
        onSuccess: () => {
          showToast(creating ? t('users.created') : t('users.updated'));
          onDone();
        },
        onError: (error) => {
          const shown = splitError(
            error,
            USER_FIELDS,
            creating ? t('users.createFailed') : t('users.updateFailed'),
          );
          setErrors(shown.fields);
          setAlert(shown.alert);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <Stack>
        <FormError message={alert} />
        <TextInput
          label={t('users.name')}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          required
          data-autofocus
        />
        <TextInput
          label={t('users.email')}
          type="email"
          value={values.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={errors.email}
          required
        />
        <PasswordField
          label={t('users.password')}
          description={creating ? undefined : t('users.passwordKeep')}
          value={values.password}
          onChange={(e) => set('password', e.currentTarget.value)}
          error={errors.password}
          required={creating}
          autoComplete="new-password"
        />
        <Select
          label={t('users.role')}
          placeholder={t('users.selectRole')}
          data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          value={values.role || null}
          onChange={(value) => set('role', (value as UserRole | null) ?? '')}
          error={errors.role}
          required
          disabled={!creating}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {values.role === 'store_owner' && (
          <TextInput
            label={t('users.storeOwnerName')}
            value={values.storeOwnerName}
            onChange={(e) => set('storeOwnerName', e.currentTarget.value)}
            error={errors.store_owner_name}
            required
          />
        )}
        {values.role === 'pos_user' && (
          <StoreSelect
            value={values.storeId}
            onChange={(value) => set('storeId', value)}
            error={errors.store_id}
          />
        )}
        <Checkbox
          label={t('users.active')}
          checked={values.isActive}
          onChange={(e) => set('isActive', e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {creating ? t('users.create') : t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StoreSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
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
