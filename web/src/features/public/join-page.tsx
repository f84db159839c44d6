import { Anchor, Box, Button, Checkbox, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { PublicLayout } from '@/components/public-layout';
import { ApiError } from '@/lib/api/errors';
import { normalizeDigits, useFormat } from '@/lib/format';
import { usePublicStore } from './api/get-public-store';
import { useJoinStore } from './api/join-store';
import { InvalidJoinLink } from './components/invalid-join-link';
import { JoinOutcome } from './components/join-outcome';
import { PhoneField } from './components/phone-field';
import { PublicField } from './components/public-field';
import { PublicPageLinks } from './components/public-page-links';
import { PublicFormCard } from './components/public-form-card';
import { PublicFormFailure } from './components/public-form-failure';
import { useFieldErrors } from './hooks/use-field-errors';
import { useRetryCountdown } from './hooks/use-retry-countdown';
import { ErrorNotice } from '@/components/notice';

type JoinField = 'name' | 'phone' | 'email';
type Channel = 'whatsapp' | 'sms';

const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

/** Store names are the merchant's, in any script: keep them from reordering the sentence. */
const isolate = <bdi />;

/** The page a store's QR code opens: a customer joins that store with name and phone. */
export function JoinPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const store = usePublicStore(token);
  const join = useJoinStore(token);

  let content;
  if (store.isPending) {
    content = <PageLoader />;
  } else if (isStatus(store.error, 404) || isStatus(join.error, 404)) {
    content = <InvalidJoinLink />;
  } else if (store.isError) {
    content = (
      <ErrorNotice>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('public.join.loadFailed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void store.refetch()}>
            {t('public.errors.retry')}
          </Button>
        </Stack>
      </ErrorNotice>
    );
  } else if (join.isSuccess) {
    content = <JoinOutcome outcome="success" store={join.data.name} phone={join.variables.phone ?? ''} />;
  } else if (isStatus(join.error, 409)) {
    content = (
      <JoinOutcome outcome="alreadyJoined" store={store.data.name} phone={join.variables?.phone ?? ''}>
        <Button variant="subtle" onClick={() => join.reset()}>
          {t('public.join.alreadyJoined.otherNumber')}
        </Button>
      </JoinOutcome>
    );
  } else {
    content = <JoinForm storeName={store.data.name} join={join} />;
  }

  return (
    <PublicLayout>
      <Box py={{ base: 'xl', sm: 64 }}>
        <Container size={520} px="md">
          <Stack gap="lg">
            {content}
            <PublicPageLinks />
          </Stack>
        </Container>
      </Box>
    </PublicLayout>
  );
}

interface JoinFormProps {
  storeName: string;
  join: ReturnType<typeof useJoinStore>;
}

function JoinForm({ storeName: name, join }: JoinFormProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const countdown = useRetryCountdown();
  const fields = useFieldErrors<JoinField>();
  const [values, setValues] = useState<Record<JoinField, string>>({ name: '', phone: '', email: '' });
  // Messages are opt-in: nothing is ticked until the customer ticks it.
  const [consents, setConsents] = useState<Channel[]>([]);
  // A double tap submits twice before the button shows it is busy: the second would answer
  // "already a member" over the first's success. One join at a time.
  const inFlight = useRef(false);

  function change(field: JoinField, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    fields.edit(field);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const body = {
      name: values.name.trim(),
      phone: normalizeDigits(values.phone).trim(),
      email: values.email.trim() || null,
      consents,
      // The customer's messages are written in the language it joined in.
      language: i18n.language.startsWith('en') ? ('en' as const) : ('ar' as const),
    };
    const valid = fields.begin({
      name: body.name ? undefined : t('public.join.nameRequired'),
      phone: body.phone ? undefined : t('public.phone.required'),
    });
    if (!valid) {
      join.reset();
      return;
    }
    inFlight.current = true;
    join.mutate(body, {
      onSettled: (_data, error) => {
        inFlight.current = false;
        countdown.startFrom(error);
      },
    });
  }

  const error = join.error;
  const waiting = countdown.secondsLeft !== null;
  const hasFieldErrors = error instanceof ApiError && Object.keys(error.fieldErrors).length > 0;

  return (
    <>
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="gradient" aria-hidden>
          <IconBuildingStore size={28} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }} data-testid="join-title">
          <Trans i18nKey="public.join.title" values={{ store: name }} components={{ store: isolate }} />
        </Title>
        <Text c="dimmed" maw={420}>
          {t('public.join.subtitle')}
        </Text>
      </Stack>

      <PublicFormCard onSubmit={handleSubmit}>
        <PublicField
          field="name"
          label={t('public.join.name')}
          placeholder={t('public.join.namePlaceholder')}
          value={values.name}
          onChange={(value) => change('name', value)}
          error={fields.errorFor('name', error)}
        />
        <PhoneField
          value={values.phone}
          onChange={(value) => change('phone', value)}
          error={fields.errorFor('phone', error)}
        />
        <PublicField
          field="email"
          label={t('public.join.email')}
          placeholder={t('public.join.emailPlaceholder')}
          value={values.email}
          onChange={(value) => change('email', value)}
          error={fields.errorFor('email', error)}
        />
        <Checkbox.Group
          label={t('public.join.messages.legend')}
          description={t('public.join.messages.hint')}
          value={consents}
          onChange={(value) =>
            setConsents(value.filter((v): v is Channel => v === 'whatsapp' || v === 'sms'))
          }
          data-testid="join-consents"
        >
          <Stack gap="xs" mt="xs">
            <Checkbox value="whatsapp" label={t('public.join.messages.whatsapp')} />
            <Checkbox value="sms" label={t('public.join.messages.sms')} />
          </Stack>
        </Checkbox.Group>
        <Button type="submit" size="lg" fullWidth loading={join.isPending} disabled={waiting}>
          {t('public.join.submit')}
        </Button>
        <PublicFormFailure
          error={error}
          underFields={hasFieldErrors}
          secondsLeft={countdown.secondsLeft}
          rateLimited={(seconds) =>
            t('public.join.rateLimited', { count: seconds, seconds: format.number(seconds) })
          }
          rateLimitedSoon={t('public.join.rateLimitedSoon')}
        />
      </PublicFormCard>

      <Text ta="center" size="sm">
        {t('public.join.alreadyMemberQuestion')}{' '}
        <Anchor component={Link} to="/check-points" fw={600}>
          {t('public.links.checkPoints')}
        </Anchor>
      </Text>
    </>
  );
}
