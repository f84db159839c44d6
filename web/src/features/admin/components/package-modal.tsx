import { Button, Group, Modal, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toasts';
import { splitError } from '@/lib/api/form-errors';
import { useSavePackage } from '../api/mutations';
import {
  PACKAGE_FIELDS,
  PACKAGE_BOUNDS,
  packageFormValues,
  packageRequest,
  validatePackage,
  type PackageField,
  type PackageFormValues,
} from '../package-rules';
import type { Package } from '../types';
import { FormError } from '@/components/form-error';

const FIELD_OF: Partial<Record<keyof PackageFormValues, PackageField>> = {
  name: 'name',
  description: 'description',
  price: 'price',
  storeLimit: 'store_limit',
  durationMonths: 'duration_months',
  features: 'features',
};

interface PackageModalProps {
  opened: boolean;
  pkg: Package | null;
  onClose: () => void;
}

export function PackageModal({ opened, pkg, onClose }: PackageModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={pkg ? t('packages.editTitle') : t('packages.addTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {opened && <PackageForm key={pkg?.id ?? 'new'} pkg={pkg} onDone={onClose} />}
    </Modal>
  );
}

export function PackageForm({ pkg, onDone }: { pkg: Package | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSavePackage();
  const [values, setValues] = useState<PackageFormValues>(() => packageFormValues(pkg));
  const [errors, setErrors] = useState<Partial<Record<PackageField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const set = <K extends keyof PackageFormValues>(key: K, value: PackageFormValues[K]) => {
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
    const found = validatePackage(values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: pkg?.id, body: packageRequest(values) },
      {
        onSuccess: () => {
          showToast(t('packages.saved'));
          onDone();
        },
        onError: (error) => {
          const shown = splitError(error, PACKAGE_FIELDS, t('packages.saveFailed'));
          setErrors(shown.fields);
          setAlert(shown.alert);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="package-form">
      <Stack>
        <FormError message={alert} />
        <TextInput
          label={t('packages.name')}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          maxLength={PACKAGE_BOUNDS.nameMax}
          required
          data-autofocus
        />
        <Textarea
          label={t('packages.description')}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
          maxLength={PACKAGE_BOUNDS.descriptionMax}
          rows={2}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('packages.priceLyd')}
            type="number"
            step="0.01"
            min={PACKAGE_BOUNDS.priceMin}
            inputMode="decimal"
            value={values.price}
            onChange={(e) => set('price', e.currentTarget.value)}
            error={errors.price}
            required
          />
          <TextInput
            label={t('packages.storeLimit')}
            type="number"
            min={PACKAGE_BOUNDS.storeLimitMin}
            max={PACKAGE_BOUNDS.storeLimitMax}
            step={1}
            inputMode="numeric"
            value={values.storeLimit}
            onChange={(e) => set('storeLimit', e.currentTarget.value)}
            error={errors.store_limit}
            required
          />
          <TextInput
            label={t('packages.durationMonths')}
            type="number"
            min={PACKAGE_BOUNDS.durationMin}
            max={PACKAGE_BOUNDS.durationMax}
            step={1}
            inputMode="numeric"
            value={values.durationMonths}
            onChange={(e) => set('durationMonths', e.currentTarget.value)}
            error={errors.duration_months}
            required
          />
        </SimpleGrid>
        <Textarea
          label={t('packages.features')}
          description={t('packages.featuresHint')}
          value={values.features}
          onChange={(e) => set('features', e.currentTarget.value)}
          error={errors.features}
          rows={4}
        />
        <Switch
          label={t('packages.active')}
          checked={values.isActive}
          onChange={(e) => set('isActive', e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
