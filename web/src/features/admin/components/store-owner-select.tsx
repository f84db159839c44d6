import { Select } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useStoreOwnerOptions } from '../api/list-store-owner-options';

/** The store's owner, picked from the owners' list (loaded when the store form opens). */
export function StoreOwnerSelect(input: GetInputPropsReturnType & { disabled?: boolean }) {
  const { t } = useTranslation('admin');
  const owners = useStoreOwnerOptions();
  return (
    <Select
      label={t('stores.owner')}
      placeholder={t('stores.selectOwner')}
      data={(owners.data ?? []).map((owner) => ({
        value: String(owner.id),
        label: `${owner.name} — ${owner.email}`,
      }))}
      {...input}
      error={input.error ?? (owners.isError ? t('loadFailed') : undefined)}
      required
      searchable
      nothingFoundMessage={t('noResults')}
    />
  );
}
