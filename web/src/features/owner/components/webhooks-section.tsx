import { Badge, Button, Checkbox, Code, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import {
  IconKey,
  IconListDetails,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconRefresh,
  IconSend,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
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
import { messageOf } from '@/lib/api/errors';
import { isolate, useFormat } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useResendDelivery,
  useRotateWebhookSecret,
  useSetWebhookActive,
  useTestWebhook,
  useWebhooks,
} from '../api/integrations';
import { SecretModal } from './secret-once';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointCreated, WebhookEventType } from '../types';

type EventKey = `integrations.webhooks.events.${
  | 'invoiceCreated'
  | 'invoiceVoided'
  | 'invoiceReturned'
  | 'redemptionCreated'
  | 'stampEarned'
  | 'stampCardRedeemed'
  | 'stampRevoked'
  | 'tierChanged'
  | 'customerCreated'
  | 'customerUpdated'
  | 'customerDeleted'
  | 'customerJoined'
  | 'pointsAdjusted'
  | 'ping'}`;

/** The events the server sends, each with its label key (a `Record` over the contract's type). */
const EVENTS: Record<WebhookEventType, EventKey> = {
  'invoice.created': 'integrations.webhooks.events.invoiceCreated',
  'invoice.voided': 'integrations.webhooks.events.invoiceVoided',
  'invoice.returned': 'integrations.webhooks.events.invoiceReturned',
  'redemption.created': 'integrations.webhooks.events.redemptionCreated',
  'stamp.earned': 'integrations.webhooks.events.stampEarned',
  'stamp_card.redeemed': 'integrations.webhooks.events.stampCardRedeemed',
  'stamp.revoked': 'integrations.webhooks.events.stampRevoked',
  'customer.tier_changed': 'integrations.webhooks.events.tierChanged',
  'customer.created': 'integrations.webhooks.events.customerCreated',
  'customer.updated': 'integrations.webhooks.events.customerUpdated',
  'customer.deleted': 'integrations.webhooks.events.customerDeleted',
  'customer.joined': 'integrations.webhooks.events.customerJoined',
  'points.adjusted': 'integrations.webhooks.events.pointsAdjusted',
  ping: 'integrations.webhooks.events.ping',
};

/** The events an endpoint subscribes to: all but the test event, which comes when asked for. */
const SUBSCRIBABLE = (Object.keys(EVENTS) as WebhookEventType[]).filter((name) => name !== 'ping');

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = {
  pending: 'yellow',
  succeeded: 'teal',
  failed: 'red',
};

/**
 * The owner's webhook endpoints: add one (its signing secret shown once), see deliveries, pause
 * and resume, give it a new secret (shown once), remove.
 */
export function WebhooksSection() {
  const { t } = useTranslation('owner');
  const endpoints = useWebhooks();
  const remove = useDeleteWebhook();
  const setActive = useSetWebhookActive();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const [adding, setAdding] = useState(false);
  const deleting = useConfirmation<WebhookEndpoint>('as-toast');
  const [watching, setWatching] = useState<WebhookEndpoint | null>(null);
  const rotating = useConfirmation<WebhookEndpoint>('as-toast');
  const [rotated, setRotated] = useState<WebhookEndpointCreated | null>(null);
  const once = {
    testId: 'webhook-secret',
    title: t('integrations.webhooks.onceTitle'),
    text: t('integrations.webhooks.once'),
    copyLabel: t('integrations.webhooks.copy'),
  };

  function toggle(endpoint: WebhookEndpoint) {
    const active = !endpoint.is_active;
    setActive.mutate(
      { endpoint, active },
      {
        onSuccess: () =>
          showToast(active ? t('integrations.webhooks.resumed') : t('integrations.webhooks.pausedToast')),
        onError: (error) =>
          showToast(messageOf(error, t('integrations.webhooks.toggleFailed')), { color: 'red' }),
      },
    );
  }

  function sendTest(endpoint: WebhookEndpoint) {
    test.mutate(endpoint.id, {
      onSuccess: () => showToast(t('integrations.webhooks.tested')),
      onError: (error) =>
        showToast(messageOf(error, t('integrations.webhooks.testFailed')), { color: 'red' }),
    });
  }

  return (
    <Stack data-testid="owner-webhooks" mt="lg">
      <SectionHeader
        title={t('integrations.webhooks.title')}
        intro={t('integrations.webhooks.intro')}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setAdding(true)}>
            {t('integrations.webhooks.add')}
          </Button>
        }
      />
      <QueryTable
        query={endpoints}
        minWidth={680}
        striped
        withTableBorder
        rowTestId="webhook-row"
        empty={<EmptyCard>{t('integrations.webhooks.empty')}</EmptyCard>}
        columns={[
          {
            header: t('integrations.webhooks.url'),
            cell: (endpoint) => (
              <Group gap={6} wrap="nowrap">
                <Code dir="ltr">{endpoint.url}</Code>
                {endpoint.mode === 'test' && (
                  <Badge variant="outline" color="orange" size="sm">
                    {t('integrations.testBadge')}
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            header: t('integrations.webhooks.eventsLabel'),
            cell: (endpoint) => (
              <Group gap={4}>
                {endpoint.events.map((event) => (
                  <Badge key={event} variant="light" color="teal">
                    {t(EVENTS[event])}
                  </Badge>
                ))}
              </Group>
            ),
          },
          {
            header: t('integrations.webhooks.state'),
            cell: (endpoint) => (
              <Badge variant="light" color={endpoint.is_active ? 'teal' : 'gray'}>
                {endpoint.is_active ? t('integrations.webhooks.active') : t('integrations.webhooks.paused')}
              </Badge>
            ),
          },
          {
            header: t('integrations.actions'),
            cell: (endpoint) => (
              <Group gap={4} wrap="nowrap">
                <RowAction
                  icon={IconListDetails}
                  label={`${t('integrations.webhooks.deliveries')}: ${endpoint.url}`}
                  onClick={() => setWatching(endpoint)}
                />
                <RowAction
                  icon={IconSend}
                  label={`${t('integrations.webhooks.test')}: ${endpoint.url}`}
                  loading={test.isPending && test.variables === endpoint.id}
                  onClick={() => sendTest(endpoint)}
                />
                <RowAction
                  icon={endpoint.is_active ? IconPlayerPause : IconPlayerPlay}
                  label={`${
                    endpoint.is_active ? t('integrations.webhooks.pause') : t('integrations.webhooks.resume')
                  }: ${endpoint.url}`}
                  loading={setActive.isPending && setActive.variables?.endpoint.id === endpoint.id}
                  onClick={() => toggle(endpoint)}
                />
                <RowAction
                  icon={IconKey}
                  label={`${t('integrations.webhooks.rotate')}: ${endpoint.url}`}
                  onClick={() => rotating.ask(endpoint)}
                />
                <RowAction
                  icon={IconTrash}
                  color="red"
                  label={`${t('integrations.webhooks.delete')}: ${endpoint.url}`}
                  onClick={() => deleting.ask(endpoint)}
                />
              </Group>
            ),
          },
        ]}
      />
      <SecretModal<WebhookEndpointCreated>
        opened={adding}
        onClose={() => setAdding(false)}
        formTitle={t('integrations.webhooks.addTitle')}
        madeTitle={t('integrations.webhooks.madeTitle')}
        once={once}
        form={(onMade, onCancel) => <EndpointForm onMade={onMade} onCancel={onCancel} />}
      />
      <DeliveriesModal endpoint={watching} onClose={() => setWatching(null)} />
      <ConfirmRecordAction
        confirmation={rotating}
        message={(endpoint) => t('integrations.webhooks.confirmRotate', { url: isolate(endpoint.url) })}
        confirmLabel={t('integrations.webhooks.rotate')}
        action={rotate}
        success={setRotated}
        failure={t('integrations.webhooks.rotateFailed')}
      />
      <SecretModal<WebhookEndpointCreated>
        opened={rotated !== null}
        onClose={() => setRotated(null)}
        madeTitle={t('integrations.webhooks.rotatedTitle')}
        once={once}
        shown={rotated}
      />
      <ConfirmRecordAction
        confirmation={deleting}
        message={(endpoint) => t('integrations.webhooks.confirmDelete', { url: isolate(endpoint.url) })}
        confirmLabel={t('integrations.webhooks.delete')}
        action={remove}
        success={t('integrations.webhooks.deleted')}
        failure={t('integrations.webhooks.deleteFailed')}
      />
    </Stack>
  );
}

function EndpointForm({
  onMade,
  onCancel,
}: {
  onMade: (made: WebhookEndpointCreated) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('owner');
  const create = useCreateWebhook();
  // The server checks the address and the events; its messages show under the fields.
  const form = useApiForm({
    initialValues: { url: '', events: [] as WebhookEventType[], test: false },
    submit: ({ test, ...values }) => create.mutateAsync({ ...values, mode: test ? 'test' : null }),
    onSuccess: onMade,
    failure: t('integrations.webhooks.createFailed'),
  });
  const eventsError = form.errors.events;

  return (
    <ApiForm form={form} testId="webhook-form">
      <TextInput
        label={t('integrations.webhooks.url')}
        description={t('integrations.webhooks.urlHint')}
        placeholder="https://"
        {...form.getInputProps('url')}
        maxLength={bounds.WebhookEndpointRequest.url.maxLength}
        type="url"
        dir="ltr"
        required
        data-autofocus
      />
      <Checkbox.Group
        label={t('integrations.webhooks.eventsLabel')}
        {...form.getInputProps('events')}
        required
      >
        <Stack gap="xs" mt="xs">
          {SUBSCRIBABLE.map((name) => (
            <Checkbox
              key={name}
              value={name}
              label={t(EVENTS[name])}
              // The group names its error (aria-describedby); each box says it is invalid.
              aria-invalid={eventsError ? true : undefined}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Switch
        label={t('integrations.webhooks.testEndpoint')}
        description={t('integrations.webhooks.testEndpointHint')}
        {...form.getInputProps('test', { type: 'checkbox' })}
        data-testid="webhook-test-mode"
      />
      <FormActions
        onCancel={onCancel}
        submitLabel={t('integrations.webhooks.create')}
        submitProps={{ leftSection: <IconWebhook size={18} /> }}
      />
    </ApiForm>
  );
}

function DeliveriesModal({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const deliveries = useDeliveries(endpoint?.id ?? null);
  const resend = useResendDelivery();

  function again(delivery: WebhookDelivery) {
    resend.mutate(delivery.id, {
      onSuccess: () => showToast(t('integrations.webhooks.resent')),
      onError: (error) =>
        showToast(messageOf(error, t('integrations.webhooks.resendFailed')), { color: 'red' }),
    });
  }

  return (
    <Modal
      opened={endpoint !== null}
      onClose={onClose}
      title={t('integrations.webhooks.deliveries')}
      closeButtonProps={{ 'aria-label': t('close') }}
      size="xl"
    >
      <QueryTable
        query={deliveries}
        minWidth={640}
        striped
        data-testid="webhook-deliveries"
        rowTestId="webhook-delivery-row"
        empty={t('integrations.webhooks.noDeliveries')}
        columns={[
          {
            header: t('integrations.webhooks.when'),
            td: { style: { whiteSpace: 'nowrap' } },
            cell: (delivery) => format.dateTime(delivery.created_at),
          },
          {
            header: t('integrations.webhooks.event'),
            cell: (delivery) => t(EVENTS[delivery.event_type]),
          },
          {
            header: t('integrations.webhooks.state'),
            cell: (delivery) => (
              <Badge variant="light" color={STATUS_COLORS[delivery.status]}>
                {t(`integrations.webhooks.status.${delivery.status}`)}
              </Badge>
            ),
          },
          {
            header: t('integrations.webhooks.attempts'),
            cell: (delivery) => format.number(delivery.attempts),
          },
          {
            header: t('integrations.webhooks.lastAnswer'),
            td: { dir: 'ltr' },
            cell: (delivery) => delivery.last_status ?? delivery.last_error ?? '—',
          },
          {
            header: t('integrations.actions'),
            cell: (delivery) => (
              <RowAction
                icon={IconRefresh}
                label={t('integrations.webhooks.resend')}
                loading={resend.isPending && resend.variables === delivery.id}
                onClick={() => again(delivery)}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
