import {
  Badge,
  Button,
  Card,
  Divider,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconLink,
  IconMessageCircle,
  IconMessageOff,
  IconSend,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/ltr';
import { ErrorNotice, Notice } from '@/components/notice';
import { QueryState } from '@/components/query-state';
import { messageOf } from '@/lib/api/errors';
import { useFormat } from '@/lib/format';
import { directionOf } from '@/lib/i18n';
import {
  useCustomerMessages,
  useRecordConsent,
  useSendPageLink,
  type Consents,
  type ConsentRequest,
  type CustomerMessage,
} from '../api/customer-messages';

type Channel = ConsentRequest['channel'];
type Language = NonNullable<ConsentRequest['language']>;
const CHANNELS: Channel[] = ['whatsapp', 'sms'];
const LANGUAGES: Language[] = ['ar', 'en'];

const STATUS_COLORS: Record<CustomerMessage['status'], string> = {
  pending: 'gray',
  sending: 'gray',
  sent: 'blue',
  delivered: 'teal',
  failed: 'red',
  not_sent: 'orange',
};

/** The reasons the server names; anything else is the provider's own words, shown as given. */
const KNOWN_REASONS = ['monthly_limit', 'consent_withdrawn', 'test_mode', 'no_channel'] as const;

/**
 * The customer's messages (issue #39): its consent per channel and the language it reads, changed
 * at the till by whoever may edit customers (`canEdit`, from the server's permissions), and the
 * messages sent to it or not, newest first.
 */
export function CustomerMessagesPanel({
  customerId,
  consents,
  canEdit,
}: {
  customerId: number;
  consents: Consents;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card padding="lg" shadow="xs" data-testid="customer-messages">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('customers.messages.title')}
        </Title>
        <ConsentControls customerId={customerId} consents={consents} canEdit={canEdit} />
        {canEdit && <SendPageLink customerId={customerId} consents={consents} />}
        <MessageList customerId={customerId} />
      </Stack>
    </Card>
  );
}

function ConsentControls({
  customerId,
  consents,
  canEdit,
}: {
  customerId: number;
  consents: Consents;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const record = useRecordConsent(customerId);
  const since = { whatsapp: consents.whatsapp_at, sms: consents.sms_at } as const;

  function setConsent(channel: Channel, granted: boolean) {
    record.mutate({ channel, granted, source: 'till', language: consents.language });
  }

  const consented = consents.whatsapp || consents.sms;

  /**
   * The language goes with a consent given (WhatsApp's, else SMS's), confirmed as it stands: a
   * customer who agreed to nothing reads nothing, so there is no language to choose yet.
   */
  function setLanguage(language: Language) {
    const channel: Channel = consents.whatsapp ? 'whatsapp' : 'sms';
    record.mutate({ channel, granted: true, source: 'till', language });
  }

  return (
    <Stack gap="sm" data-testid="customer-consents">
      {!canEdit && (
        <Text size="sm" c="dimmed" data-testid="consents-read-only">
          {t('customers.messages.readOnly')}
        </Text>
      )}
      {CHANNELS.map((channel) => {
        const at = since[channel];
        return (
          <Switch
            key={channel}
            checked={consents[channel]}
            disabled={!canEdit || record.isPending}
            onChange={(event) => setConsent(channel, event.currentTarget.checked)}
            label={t(`customers.messages.consent.${channel}`)}
            description={
              consents[channel] && at
                ? t('customers.messages.since', { date: format.dateTime(at) })
                : t('customers.messages.noConsent')
            }
            data-testid={`consent-${channel}`}
          />
        );
      })}
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`customer-${customerId}-language`}>
          {t('customers.messages.language')}
        </Text>
        <SegmentedControl
          value={consents.language}
          disabled={!canEdit || record.isPending || !consented}
          onChange={(value) => setLanguage(value === 'en' ? 'en' : 'ar')}
          data={LANGUAGES.map((language) => ({
            value: language,
            label: t(`customers.messages.languages.${language}`),
          }))}
          aria-labelledby={`customer-${customerId}-language`}
          data-testid="consent-language"
          style={{ alignSelf: 'flex-start' }}
        />
        {!consented && (
          <Text size="xs" c="dimmed" data-testid="language-needs-consent">
            {t('customers.messages.languageNeedsConsent')}
          </Text>
        )}
      </Stack>
      {record.isError && (
        <ErrorNotice data-testid="consent-error">
          {messageOf(record.error, t('customers.messages.consentFailed'))}
        </ErrorNotice>
      )}
    </Stack>
  );
}

/**
 * Sends the customer a link to its own page, when it agreed to messages by a channel: the server
 * writes the message (its channel, language and text) and answers it, said here as it stands.
 */
function SendPageLink({ customerId, consents }: { customerId: number; consents: Consents }) {
  const { t } = useTranslation();
  const send = useSendPageLink(customerId);
  const consented = consents.whatsapp || consents.sms;
  const sent = send.data;
  const reason = sent?.status === 'not_sent' ? sent.status_detail : null;
  return (
    <Stack gap="xs" data-testid="send-page-link">
      <Group gap="sm" wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconSend size={16} aria-hidden />}
          loading={send.isPending}
          disabled={!consented}
          onClick={() => send.mutate()}
        >
          {t('customers.messages.sendPage')}
        </Button>
        {!consented && (
          <Text size="sm" c="dimmed">
            {t('customers.messages.sendPageNeedsConsent')}
          </Text>
        )}
      </Group>
      {sent && (
        <Notice color={reason ? 'orange' : 'teal'} icon={IconLink} role="status" data-testid="page-link-sent">
          {reason
            ? (KNOWN_REASONS as readonly string[]).includes(reason)
              ? t(`customers.messages.reasons.${reason as (typeof KNOWN_REASONS)[number]}`)
              : reason
            : t('customers.messages.pageSent', { channel: t(`customers.messages.channels.${sent.channel}`) })}
        </Notice>
      )}
      {send.isError && (
        <ErrorNotice data-testid="page-link-error">
          {messageOf(send.error, t('customers.messages.sendPageFailed'))}
        </ErrorNotice>
      )}
    </Stack>
  );
}

function MessageList({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const messages = useCustomerMessages(customerId);
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('customers.messages.listTitle')}
      </Title>
      <QueryState query={messages}>
        {(list) =>
          list.length === 0 ? (
            <Group gap="xs" c="dimmed" data-testid="customer-messages-empty">
              <IconMessageOff size={18} aria-hidden />
              <Text size="sm">{t('customers.messages.empty')}</Text>
            </Group>
          ) : (
            <Stack gap={0} data-testid="customer-messages-list">
              {list.map((message, index) => (
                <div key={message.id}>
                  {index > 0 && <Divider />}
                  <MessageRow message={message} />
                </div>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}

function MessageRow({ message }: { message: CustomerMessage }) {
  const { t } = useTranslation();
  const format = useFormat();
  const reason = message.status_detail;
  const known = (KNOWN_REASONS as readonly string[]).includes(reason ?? '');
  const showReason = (message.status === 'not_sent' || message.status === 'failed') && reason;
  return (
    <Stack gap={4} py="xs" data-testid="customer-message" data-status={message.status}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Text fw={500}>{t(`customers.messages.kinds.${message.kind}`)}</Text>
          <Badge
            variant="light"
            color="gray"
            tt="none"
            leftSection={
              message.channel === 'whatsapp' ? (
                <IconBrandWhatsapp size={14} aria-hidden />
              ) : (
                <IconMessageCircle size={14} aria-hidden />
              )
            }
          >
            {t(`customers.messages.channels.${message.channel}`)}
          </Badge>
          <Badge
            variant="filled"
            color={STATUS_COLORS[message.status]}
            tt="none"
            data-testid="message-status"
          >
            {t(`customers.messages.status.${message.status}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {format.dateTime(message.sent_at ?? message.created_at)}
        </Text>
      </Group>
      {showReason && (
        <Text size="sm" c={message.status === 'failed' ? 'red.8' : 'orange.9'} data-testid="message-reason">
          {known ? t(`customers.messages.reasons.${reason as (typeof KNOWN_REASONS)[number]}`) : reason}
        </Text>
      )}
      <Text
        size="sm"
        dir={directionOf(message.language)}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        <MessageText body={message.body} />
      </Text>
      <Group gap="md" c="dimmed">
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('customers.messages.to')}
          </Text>
          {/* The phone alone in its box, as on the profile: it keeps its order in Arabic. */}
          <Text size="xs" c="dimmed">
            <Ltr>{format.phone(message.to)}</Ltr>
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('customers.messages.segments', { segments: format.number(message.sms_segments) })}
        </Text>
        {message.attempts > 0 && (
          <Text size="xs" c="dimmed" data-testid="message-attempts">
            {t('customers.messages.attempts', {
              count: message.attempts,
              attempts: format.number(message.attempts),
            })}
          </Text>
        )}
        {message.provider_message_id && (
          <Group gap={4} wrap="nowrap" miw={0}>
            <Text size="xs" c="dimmed">
              {t('customers.messages.providerId')}
            </Text>
            {/* The provider's id, a Latin token: kept whole and left to right. */}
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="message-provider-id">
              <Ltr>{message.provider_message_id}</Ltr>
            </Text>
          </Group>
        )}
      </Group>
    </Stack>
  );
}

/** A name the server set apart in a text of the other direction (U+2068 ... U+2069). */
const ISOLATED = /\u2068([^\u2069]*)\u2069/g;

/**
 * A message's text, each name set apart shown as one `<bdi>` that moves to the next line whole
 * (a wrap inside an Arabic store name on an English line put its halves and the full stop after
 * it out of order at 390 px); a name longer than the line still wraps within itself.
 */
function MessageText({ body }: { body: string }) {
  const parts = body.split(ISOLATED);
  if (parts.length === 1) return <>{body}</>;
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <bdi key={i} data-testid="message-name" style={{ display: 'inline-block', maxWidth: '100%' }}>
            {part}
          </bdi>
        ) : (
          part
        ),
      )}
    </>
  );
}
