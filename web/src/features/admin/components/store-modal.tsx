import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toasts';
import { splitError } from '@/lib/api/form-errors';
import { FormError } from '@/components/form-error';
import { useSaveStore } from '../api/mutations';
import { useStoreOwnerOptions } from '../api/queries';
import type { AdminStore } from '../types';

const FIELDS = ['name', 'address', 'store_owner_id'] as const;
type Field = (typeof FIELDS)[number];

interface StoreModalProps {
  opened: boolean;
  store: AdminStore | null;
  onClose: () => void;
}

export function StoreModal({ opened, store, onClose }: StoreModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={store ? t('stores.editTitle') : t('stores.addTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {opened && <StoreForm key={store?.id ?? 'new'} store={store} onDone={onClose} />}
    </Modal>
  );
}

function StoreForm({ store, onDone }: { store: AdminStore | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveStore();
  const owners = useStoreOwnerOptions();
  const [name, setName] = useState(store?.name ?? '');
  const [address, setAddress] = useState(store?.address ?? '');
  const [ownerId, setOwnerId] = useState<string | null>(store ? String(store.store_owner_id) : null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const found: Partial<Record<Field, string>> = {};
    if (!name.trim()) found.name = t('stores.nameRequired');
    if (!ownerId) found.store_owner_id = t('stores.ownerRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        id: store?.id,
        body: { name: name.trim(), address: address.trim() || null, store_owner_id: Number(ownerId) },
      },
      {
        onSuccess: () => {
          showToast(store ? t('stores.updated') : t('stores.created'));
          onDone();
        },
        onError: (error) => {
          const shown = splitError(
            error,
            FIELDS,
            store ? t('stores.updateFailed') : t('stores.createFailed'),
          );
          setErrors(shown.fields);
          setAlert(shown.alert);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="store-form">
      <Stack>
        <FormError message={alert} />
        <TextInput
          label={t('stores.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          required
          data-autofocus
        />
        <TextInput
          label={t('stores.address')}
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          error={errors.address}
        />
        <Select
          label={t('stores.owner')}
          placeholder={t('stores.selectOwner')}
          data={(owners.data ?? []).map((owner) => ({
            value: String(owner.id),
            label: `${owner.name} — ${owner.email}`,
          }))}
          value={ownerId}
          onChange={setOwnerId}
          error={errors.store_owner_id ?? (owners.isError ? t('loadFailed') : undefined)}
          required
          searchable
          nothingFoundMessage={t('noResults')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {store ? t('save') : t('stores.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
