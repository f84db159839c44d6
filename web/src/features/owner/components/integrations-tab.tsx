import { Badge, Button, Checkbox, Code, Group, MultiSelect, Stack, Switch, TextInput } from '@mantine/core';
import { IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyCard } from '@/components/empty-card';
import { SectionHeader } from '@/components/section-header';
import { ConfirmRecordAction } from '@/components/confirm-dialog';
import { RowAction } from '@/components/row-action';
import { useConfirmation } from '@/components/use-confirmation';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { useApiForm } from '@/components/form/use-api-form';
import { QueryTable } from '@/components/record-table';
import { bounds } from '@/lib/api/bounds';
import { isolate, useFormat } from '@/lib/format';
import { useOwnerStores } from '../api/dashboard-queries';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/integrations';
import type { ApiKey, ApiKeyCreated, ApiScope } from '../types';
import { SecretModal } from './secret-once';
import { WebhooksSection } from './webhooks-section';

/**
 * The scopes the server offers, each with its label key. A `Record` over the contract's type:
 * when the server adds a scope, the regenerated types make this fail to compile until it is here.
 */
const SCOPES: Record<
  ApiScope,
  `integrations.scopes.${'customersRead' | 'customersWrite' | 'salesWrite' | 'reportsRead'}`
> = {
  'customers:read': 'integrations.scopes.customersRead',
  'customers:write': 'integrations.scopes.customersWrite',
  'sales:write': 'integrations.scopes.salesWrite',
  'reports:read': 'integrations.scopes.reportsRead',
};

/**
 * The owner's API keys (make one, its secret shown once; see when each was used; revoke) and,
 * below them, its webhook endpoints.
 */
export function IntegrationsTab() {
  const { t } = useTranslation('owner');
  const keys = useApiKeys();
  const stores = useOwnerStores();
  const revoke = useRevokeApiKey();
  const format = useFormat();
  const [creating, setCreating] = useState(false);
  const revoking = useConfirmation<ApiKey>('as-toast');

  const storeNames = (ids: number[] | null | undefined) =>
    ids
      ? ids.map((id) => stores.data?.find((store) => store.id === id)?.name ?? `#${id}`).join(' · ')
      : t('integrations.allStores');

  return (
    <Stack data-testid="owner-integrations">
      <SectionHeader
        title={t('integrations.title')}
        intro={t('integrations.intro')}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
            {t('integrations.add')}
          </Button>
        }
      />
      <QueryTable
        query={keys}
        minWidth={760}
        striped
        withTableBorder
        rowTestId="api-key-row"
        empty={<EmptyCard>{t('integrations.empty')}</EmptyCard>}
        columns={[
          {
            header: t('integrations.name'),
            td: { fw: 600 },
            cell: (key) => (
              <Group gap={6} wrap="nowrap">
                {key.name}
                {key.mode === 'test' && (
                  <Badge variant="outline" color="orange" size="sm">
                    {t('integrations.testBadge')}
                  </Badge>
                )}
              </Group>
            ),
          },
          { header: t('integrations.prefix'), cell: (key) => <Code dir="ltr">{key.prefix}…</Code> },
          {
            header: t('integrations.scopesLabel'),
            cell: (key) => (
              <Group gap={4}>
                {key.scopes.map((scope) => (
                  <Badge key={scope} variant="light" color="teal">
                    {t(SCOPES[scope])}
                  </Badge>
                ))}
              </Group>
            ),
          },
          {
            header: t('integrations.stores'),
            // A test key's one store is the sandbox, which the owner's list leaves out.
            cell: (key) => (key.mode === 'test' ? t('integrations.sandbox') : storeNames(key.store_ids)),
          },
          {
            header: t('integrations.limits'),
            cell: (key) =>
              t('integrations.limitsValue', {
                reads: format.number(key.rate_limits.reads_per_minute),
                writes: format.number(key.rate_limits.writes_per_minute),
              }),
          },
          {
            header: t('integrations.lastUsed'),
            cell: (key) => (key.last_used_at ? format.dateTime(key.last_used_at) : t('integrations.never')),
          },
          {
            header: t('integrations.expires'),
            cell: (key) => (key.expires_at ? format.dateTime(key.expires_at) : t('integrations.never')),
          },
          {
            header: t('integrations.actions'),
            cell: (key) => (
              <RowAction
                icon={IconTrash}
                color="red"
                label={`${t('integrations.revoke')}: ${key.name}`}
                onClick={() => revoking.ask(key)}
              />
            ),
          },
        ]}
      />
      <SecretModal<ApiKeyCreated>
        opened={creating}
        onClose={() => setCreating(false)}
        formTitle={t('integrations.addTitle')}
        madeTitle={t('integrations.madeTitle')}
        once={{
          testId: 'api-key-secret',
          title: t('integrations.onceTitle'),
          text: t('integrations.once'),
          copyLabel: t('integrations.copy'),
        }}
        form={(onMade, onCancel) => <KeyForm onMade={onMade} onCancel={onCancel} />}
      />
      <ConfirmRecordAction
        confirmation={revoking}
        message={(key) => t('integrations.confirmRevoke', { name: isolate(key.name) })}
        confirmLabel={t('integrations.revoke')}
        action={revoke}
        success={t('integrations.revoked')}
        failure={t('integrations.revokeFailed')}
      />
      <WebhooksSection />
    </Stack>
  );
}

function KeyForm({ onMade, onCancel }: { onMade: (made: ApiKeyCreated) => void; onCancel: () => void }) {
  const { t } = useTranslation('owner');
  const stores = useOwnerStores();
  const create = useCreateApiKey();
  // The server checks every field; its messages show under them.
  const form = useApiForm({
    initialValues: {
      name: '',
      scopes: [] as ApiScope[],
      store_ids: [] as string[],
      expires_at: '',
      test: false,
    },
    submit: (values) =>
      create.mutateAsync({
        name: values.name,
        scopes: values.scopes,
        // A test key acts on the sandbox store alone: it names none.
        store_ids: !values.test && values.store_ids.length > 0 ? values.store_ids.map(Number) : null,
        expires_at: values.expires_at || null,
        mode: values.test ? 'test' : null,
      }),
    onSuccess: onMade,
    failure: t('integrations.createFailed'),
  });
  const scopesError = form.errors.scopes;

  return (
    <ApiForm form={form} testId="api-key-form">
      <TextInput
        label={t('integrations.name')}
        description={t('integrations.nameHint')}
        {...form.getInputProps('name')}
        maxLength={bounds.ApiKeyRequest.name.maxLength}
        required
        data-autofocus
      />
      <Checkbox.Group label={t('integrations.scopesLabel')} {...form.getInputProps('scopes')} required>
        <Stack gap="xs" mt="xs">
          {(Object.keys(SCOPES) as ApiScope[]).map((scope) => (
            <Checkbox
              key={scope}
              value={scope}
              label={t(SCOPES[scope])}
              // The group names its error (aria-describedby); each box says it is invalid.
              aria-invalid={scopesError ? true : undefined}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Switch
        label={t('integrations.testKey')}
        description={t('integrations.testKeyHint')}
        {...form.getInputProps('test', { type: 'checkbox' })}
        data-testid="api-key-test"
      />
      {!form.values.test && (
        <MultiSelect
          label={t('integrations.stores')}
          description={t('integrations.storesHint')}
          placeholder={form.values.store_ids.length === 0 ? t('integrations.allStores') : undefined}
          data={(stores.data ?? []).map((store) => ({ value: String(store.id), label: store.name }))}
          {...form.getInputProps('store_ids')}
          clearable
        />
      )}
      <TextInput
        label={t('integrations.expires')}
        description={t('integrations.expiresHint')}
        type="date"
        {...form.getInputProps('expires_at')}
        dir="ltr"
      />
      <FormActions
        onCancel={onCancel}
        submitLabel={t('integrations.create')}
        submitProps={{ leftSection: <IconKey size={18} /> }}
      />
    </ApiForm>
  );
}
