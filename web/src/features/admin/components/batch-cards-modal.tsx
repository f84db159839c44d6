import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeDigits } from '@/lib/format';
import { bounds } from '@/lib/api/bounds';
import { showToast } from '@/lib/toasts';
import { splitError } from '@/lib/api/form-errors';
import { FormError } from '@/components/form/form-error';
import { useCreateCardBatch } from '../api/mutations';
import { usePackages } from '../api/queries';
import type { RedemptionCard } from '../types';

const FIELDS = ['count', 'package_id', 'expires_at', 'notes'] as const;
type Field = (typeof FIELDS)[number];
/** The most cards one batch makes: the server's bound (the OpenAPI document). */
export const MAX_BATCH = bounds.CardBatchRequest.count.maximum;

interface BatchCardsModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (cards: RedemptionCard[]) => void;
}

export function BatchCardsModal({ opened, onClose, onCreated }: BatchCardsModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('cards.batchTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {opened && <BatchForm onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function BatchForm({ onClose, onCreated }: Omit<BatchCardsModalProps, 'opened'>) {
  const { t } = useTranslation('admin');
  const packages = usePackages();
  const create = useCreateCardBatch();
  const [count, setCount] = useState('10');
  const [packageId, setPackageId] = useState<string | null>(null);
  const [expiresAt, setExpiresAt] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const number = Number(normalizeDigits(count).trim());
    const found: Partial<Record<Field, string>> = {};
    if (!Number.isInteger(number) || number < bounds.CardBatchRequest.count.minimum || number > MAX_BATCH)
      found.count = t('cards.countRange', { max: MAX_BATCH });
    if (!packageId) found.package_id = t('cards.packageRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        count: number,
        package_id: Number(packageId),
        expires_at: expiresAt || null,
        notes: notes.trim() || null,
      },
      {
        onSuccess: (cards) => {
          showToast(t('cards.batchCreated', { count: cards.length }));
          onCreated(cards);
        },
        onError: (error) => {
          const shown = splitError(error, FIELDS, t('cards.saveFailed'));
          setErrors(shown.fields);
          setAlert(shown.alert);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="batch-form">
      <Stack>
        <FormError message={alert} />
        <TextInput
          label={t('cards.count')}
          type="number"
          min={1}
          max={MAX_BATCH}
          step={1}
          inputMode="numeric"
          value={count}
          onChange={(e) => setCount(e.currentTarget.value)}
          error={errors.count}
          required
          data-autofocus
        />
        <Select
          label={t('cards.package')}
          placeholder={t('cards.selectPackage')}
          data={(packages.data ?? [])
            .filter((pkg) => pkg.is_active)
            .map((pkg) => ({ value: String(pkg.id), label: pkg.name }))}
          value={packageId}
          onChange={setPackageId}
          error={errors.package_id ?? (packages.isError ? t('loadFailed') : undefined)}
          required
        />
        <TextInput
          label={t('cards.expiresAt')}
          description={t('cards.expiryHint')}
          type="date"
          value={expiresAt}
          onChange={(e) => setExpiresAt(e.currentTarget.value)}
          error={errors.expires_at}
        />
        <Textarea
          label={t('notes')}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          error={errors.notes}
          rows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('cards.batchCreate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
