import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/ltr';
import { useFormat } from '@/lib/format';
import { bounds } from '@/lib/api/bounds';
import { showToast } from '@/lib/toasts';
import { splitError } from '@/lib/api/form-errors';
import { FormError } from '@/components/form/form-error';
import { useSaveCard } from '../api/mutations';
import { usePackages } from '../api/queries';
import { canChangeCard, cardRequest, expiryDay, type CardFormValues } from '../card-rules';
import type { RedemptionCard } from '../types';

const FIELDS = ['package_id', 'code', 'expires_at', 'notes'] as const;
type Field = (typeof FIELDS)[number];

interface CardModalProps {
  opened: boolean;
  card: RedemptionCard | null;
  onClose: () => void;
}

export function CardModal({ opened, card, onClose }: CardModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        // A redeemed card is history: shown, not edited.
        card ? t(canChangeCard(card) ? 'cards.editTitle' : 'cards.viewTitle') : t('cards.addTitle')
      }
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {opened && <CardForm key={card?.id ?? 'new'} card={card} onDone={onClose} />}
    </Modal>
  );
}

export function CardForm({ card, onDone }: { card: RedemptionCard | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const packages = usePackages();
  const save = useSaveCard();
  const readOnly = card !== null && !canChangeCard(card);
  const [values, setValues] = useState<CardFormValues>({
    packageId: card ? String(card.package.id) : '',
    code: card?.code ?? '',
    expiresAt: expiryDay(card?.expires_at),
    notes: card?.notes ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const set = <K extends keyof CardFormValues>(key: K, value: CardFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  // Active packages, plus the card's own package if it has since been disabled.
  const options = (packages.data ?? []).filter((pkg) => pkg.is_active || String(pkg.id) === values.packageId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return;
    setAlert(null);
    if (!values.packageId) {
      setErrors({ package_id: t('cards.packageRequired') });
      return;
    }
    setErrors({});
    save.mutate(
      { id: card?.id, body: cardRequest(values) },
      {
        onSuccess: () => {
          showToast(card ? t('cards.updated') : t('cards.created'));
          onDone();
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
    <form onSubmit={submit} noValidate data-testid="card-form">
      <Stack>
        <FormError message={alert} />
        {readOnly && card && (
          <Alert
            color="gray"
            variant="light"
            icon={<IconLock size={20} />}
            title={t('cards.redeemedTitle')}
            data-testid="card-redeemed-block"
          >
            <Text size="sm">
              {t('cards.redeemedBy')}: {card.redeemed_by ? card.redeemed_by.name : '—'}
              {card.redeemed_by && (
                <>
                  {' '}
                  (<Ltr>{card.redeemed_by.email}</Ltr>)
                </>
              )}
            </Text>
            <Text size="sm">
              {t('cards.redeemedAt')}: {card.redeemed_at ? format.dateTime(card.redeemed_at) : '—'}
            </Text>
            <Text size="sm" mt="xs" c="dimmed">
              {t('cards.cannotEdit')}
            </Text>
          </Alert>
        )}
        <Select
          label={t('cards.package')}
          placeholder={t('cards.selectPackage')}
          data={options.map((pkg) => ({ value: String(pkg.id), label: pkg.name }))}
          value={values.packageId || null}
          onChange={(value) => set('packageId', value ?? '')}
          error={errors.package_id ?? (packages.isError ? t('loadFailed') : undefined)}
          required
          disabled={readOnly}
          data-autofocus
        />
        <TextInput
          label={t('cards.code')}
          description={card ? undefined : t('cards.codeHint')}
          value={values.code}
          onChange={(e) => set('code', e.currentTarget.value.toUpperCase())}
          error={errors.code}
          maxLength={bounds.RedeemCodeRequest.code.maxLength}
          disabled={readOnly}
          dir="ltr"
          ff="monospace"
        />
        <TextInput
          label={t('cards.expiresAt')}
          description={t('cards.expiryHint')}
          type="date"
          // The picker offers today (Tripoli) or later; the server refuses a past day.
          min={expiryDay(new Date().toISOString())}
          value={values.expiresAt}
          onChange={(e) => set('expiresAt', e.currentTarget.value)}
          error={errors.expires_at}
          disabled={readOnly}
        />
        <Textarea
          label={t('notes')}
          value={values.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
          error={errors.notes}
          rows={2}
          disabled={readOnly}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {readOnly ? t('close') : t('cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={save.isPending}>
              {card ? t('save') : t('cards.create')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
