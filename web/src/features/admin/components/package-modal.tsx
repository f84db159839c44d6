import { SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '@/components/form/api-form';
import { WholeNumberInput } from '@/components/form/whole-number-input';
import { FormActions } from '@/components/form/form-actions';
import { FormModal } from '@/components/form/form-modal';
import { useApiForm } from '@/components/form/use-api-form';
import { showToast } from '@/lib/toasts';
import { useSavePackage } from '../api/save-package';
import { PACKAGE_BOUNDS, packageFormValues, packageRequest, validatePackage } from '../package-rules';
import type { Package } from '../types';

interface PackageModalProps {
  opened: boolean;
  pkg: Package | null;
  onClose: () => void;
}

export function PackageModal({ opened, pkg, onClose }: PackageModalProps) {
  const { t } = useTranslation('admin');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={pkg ? t('packages.editTitle') : t('packages.addTitle')}
    >
      <PackageForm key={pkg?.id ?? 'new'} pkg={pkg} onDone={onClose} />
    </FormModal>
  );
}

export function PackageForm({ pkg, onDone }: { pkg: Package | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSavePackage();
  const form = useApiForm({
    initialValues: packageFormValues(pkg),
    serverFields: { store_limit: 'storeLimit', duration_months: 'durationMonths' },
    validate: (values) => validatePackage(values, t),
    submit: (values) => save.mutateAsync({ id: pkg?.id, body: packageRequest(values) }),
    onSuccess: () => {
      showToast(t('packages.saved'));
      onDone();
    },
    failure: t('packages.saveFailed'),
  });

  return (
    <ApiForm form={form} testId="package-form">
      <TextInput
        label={t('packages.name')}
        {...form.getInputProps('name')}
        maxLength={PACKAGE_BOUNDS.nameMax}
        required
        data-autofocus
      />
      <Textarea
        label={t('packages.description')}
        {...form.getInputProps('description')}
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
          {...form.getInputProps('price')}
          required
        />
        <WholeNumberInput
          label={t('packages.storeLimit')}
          min={PACKAGE_BOUNDS.storeLimitMin}
          max={PACKAGE_BOUNDS.storeLimitMax}
          {...form.getInputProps('storeLimit')}
          required
        />
        <WholeNumberInput
          label={t('packages.durationMonths')}
          min={PACKAGE_BOUNDS.durationMin}
          max={PACKAGE_BOUNDS.durationMax}
          {...form.getInputProps('durationMonths')}
          required
        />
      </SimpleGrid>
      <Textarea
        label={t('packages.features')}
        description={t('packages.featuresHint')}
        {...form.getInputProps('features')}
        rows={4}
      />
      <Switch label={t('packages.active')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
      <FormActions onCancel={onDone} submitLabel={t('save')} />
    </ApiForm>
  );
}
