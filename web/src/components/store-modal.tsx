import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { ApiError, messageOf } from '@/lib/api/errors';
import type { ErrorCode, StoreRequest } from '@/lib/api/types';
import { showToast } from '@/lib/toasts';
import { ApiForm } from './form/api-form';
import { FormActions } from './form/form-actions';
import { FormModal } from './form/form-modal';
import { useApiForm } from './form/use-api-form';

/** The store form's words: each dashboard has them in its own namespace, under these keys. */
export type StoreText = `stores.${
  | 'addTitle'
  | 'editTitle'
  | 'name'
  | 'address'
  | 'nameRequired'
  | 'created'
  | 'updated'
  | 'createFailed'
  | 'updateFailed'}`;

/** The admin's choice of the store's owner (an owner's own stores are theirs). */
export interface StoreOwnerField {
  /** The message when none is chosen. */
  required: string;
  /**
   * The field, given its value, change handler and error (a select of the store owners);
   * `disabled` when editing: a store stays with the owner it was made for (the server's rule).
   */
  render: (input: GetInputPropsReturnType & { disabled: boolean }) => ReactNode;
}

interface EditedStore {
  id: number;
  name: string;
  address?: string | null;
  store_owner_id?: number;
}

interface StoreModalProps {
  opened: boolean;
  /** The store to edit, or null to add one. */
  store: EditedStore | null;
  onClose: () => void;
  /** The caller's save mutation (it refreshes the caller's lists). */
  save: (input: { id?: number; body: StoreRequest }) => Promise<unknown>;
  text: (key: StoreText) => string;
  submitLabel: string;
  pendingLabel?: string;
  owner?: StoreOwnerField;
  /** A title for the failure's alert, by the server's code (the plan's limit, no plan). */
  failureTitle?: (code: ErrorCode | null) => string | undefined;
  /** The test id of the failure's alert. */
  errorTestId?: string;
}

/** Add or edit a store (the admin's for any owner, the owner's for themselves). */
export function StoreModal({ opened, store, onClose, text, ...form }: StoreModalProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={store ? text('stores.editTitle') : text('stores.addTitle')}
    >
      {/* Keyed so each opening starts from the store's values. */}
      <StoreForm key={store?.id ?? 'new'} store={store} onDone={onClose} text={text} {...form} />
    </FormModal>
  );
}

type StoreFormProps = Omit<StoreModalProps, 'opened' | 'onClose'> & { onDone: () => void };

function StoreForm({
  store,
  onDone,
  save,
  text,
  submitLabel,
  pendingLabel,
  owner,
  failureTitle,
  errorTestId,
}: StoreFormProps) {
  const form = useApiForm({
    initialValues: {
      name: store?.name ?? '',
      address: store?.address ?? '',
      ...(owner ? { store_owner_id: store?.store_owner_id ? String(store.store_owner_id) : null } : {}),
    },
    validate: (values) => ({
      name: values.name.trim() ? undefined : text('stores.nameRequired'),
      store_owner_id: owner && !values.store_owner_id ? owner.required : undefined,
    }),
    submit: (values) =>
      save({
        id: store?.id,
        body: {
          name: values.name.trim(),
          address: values.address.trim() || null,
          ...(owner ? { store_owner_id: Number(values.store_owner_id) } : {}),
        },
      }),
    onSuccess: () => {
      showToast(store ? text('stores.updated') : text('stores.created'));
      onDone();
    },
    failure: (error) => ({
      title: failureTitle?.(error instanceof ApiError ? error.code : null),
      message: messageOf(error, store ? text('stores.updateFailed') : text('stores.createFailed')),
    }),
  });

  return (
    <ApiForm form={form} testId="store-form" errorTestId={errorTestId}>
      <TextInput label={text('stores.name')} {...form.getInputProps('name')} required data-autofocus />
      <TextInput label={text('stores.address')} {...form.getInputProps('address')} />
      {owner?.render({ ...form.getInputProps('store_owner_id'), disabled: store !== null })}
      <FormActions onCancel={onDone} submitLabel={submitLabel} pendingLabel={pendingLabel} />
    </ApiForm>
  );
}
