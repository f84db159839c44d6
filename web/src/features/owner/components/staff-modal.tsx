import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { FormError } from '@/components/form/form-error';
import { splitError } from '@/lib/api/form-errors';
import { showToast } from '@/lib/toasts';
import { useOwnerStores } from '../api/dashboard-queries';
import { useSaveStaff } from '../api/staff-mutations';
import type { StaffRequest, StaffUser } from '../types';

const FIELDS = ['name', 'email', 'password', 'store_id'] as const;
type Field = (typeof FIELDS)[number];

interface StaffModalProps {
  opened: boolean;
  user: StaffUser | null;
  onClose: () => void;
}

export function StaffModal({ opened, user, onClose }: StaffModalProps) {
  const { t } = useTranslation('owner');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={user ? t('staff.editTitle') : t('staff.addTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {opened && <StaffForm key={user?.id ?? 'new'} user={user} onDone={onClose} />}
    </Modal>
  );
}

function StaffForm({ user, onDone }: { user: StaffUser | null; onDone: () => void }) {
  const { t } = useTranslation('owner');
  const stores = useOwnerStores();
  const save = useSaveStaff();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [password, setPassword] = useState('');
  const [storeId, setStoreId] = useState<string | null>(user?.store_id ? String(user.store_id) : null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const next: Partial<Record<Field, string>> = {};
    if (!name.trim()) next.name = t('staff.nameRequired');
    if (!email.trim()) next.email = t('staff.emailRequired');
    if (!user && !password) next.password = t('staff.passwordRequired');
    if (!storeId) next.store_id = t('staff.storeRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    // The password goes only when entered: on edit a blank one keeps the current one.
    const body: StaffRequest = { name: name.trim(), email: email.trim(), store_id: Number(storeId) };
    if (password) body.password = password;
    save.mutate(
      { id: user?.id, body },
      {
        onSuccess: () => {
          showToast(user ? t('staff.updated') : t('staff.created'));
          onDone();
        },
        onError: (error) => {
          const shown = splitError(error, FIELDS, user ? t('staff.updateFailed') : t('staff.createFailed'));
          setErrors(shown.fields);
          setFailure(shown.alert);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormError message={failure} />
        <TextInput
          label={t('staff.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          required
          data-autofocus
        />
        <TextInput
          label={t('staff.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
          required
          dir="ltr"
        />
        <PasswordField
          label={t('staff.password')}
          description={user ? t('staff.passwordEditHint') : undefined}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          required={!user}
          autoComplete="new-password"
        />
        <Select
          label={t('staff.store')}
          data={(stores.data ?? []).map((store) => ({ value: String(store.id), label: store.name }))}
          value={storeId}
          onChange={setStoreId}
          error={errors.store_id}
          required
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {save.isPending ? t('saving') : t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
