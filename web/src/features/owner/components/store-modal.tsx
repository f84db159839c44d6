import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';
import { ApiError } from '@/lib/api/errors';
import { splitError } from '@/lib/api/form-errors';
import { showToast } from '@/lib/toasts';
import { useSaveStore } from '../api/store-mutations';
import type { Store } from '../types';

interface StoreModalProps {
  opened: boolean;
  store: Store | null;
  onClose: () => void;
}

export function StoreModal({ opened, store, onClose }: StoreModalProps) {
  const { t } = useTranslation('owner');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={store ? t('stores.editTitle') : t('stores.addTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {/* Keyed so each opening starts from the store's values. */}
      {opened && <StoreForm key={store?.id ?? 'new'} store={store} onDone={onClose} />}
    </Modal>
  );
}

function StoreForm({ store, onDone }: { store: Store | null; onDone: () => void }) {
  const { t } = useTranslation('owner');
  const save = useSaveStore();
  const [name, setName] = useState(store?.name ?? '');
  const [address, setAddress] = useState(store?.address ?? '');
  const [errors, setErrors] = useState<{ name?: string; address?: string }>({});
  const [failure, setFailure] = useState<{ title?: string; message: string } | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!name.trim()) {
      setErrors({ name: t('stores.nameRequired') });
      return;
    }
    setErrors({});
    save.mutate(
      { id: store?.id, body: { name: name.trim(), address: address.trim() || null } },
      {
        onSuccess: () => {
          showToast(store ? t('stores.updated') : t('stores.created'));
          onDone();
        },
        onError: (error) => {
          const shown = splitError(
            error,
            ['name', 'address'],
            store ? t('stores.updateFailed') : t('stores.createFailed'),
          );
          setErrors(shown.fields);
          const code = error instanceof ApiError ? error.code : null;
          setFailure(
            shown.alert === null
              ? null
              : {
                  title:
                    code === 'store_limit_reached'
                      ? t('stores.limitTitle')
                      : code === 'no_active_plan'
                        ? t('stores.noPlanTitle')
                        : undefined,
                  message: shown.alert,
                },
          );
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormError message={failure?.message ?? null} title={failure?.title} testId="store-error" />
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
