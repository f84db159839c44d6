import { Alert, Anchor, Box, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { PublicLayout } from '@/components/public-layout';
import { ApiError } from '@/lib/api/errors';
import { normalizeDigits, useFormat } from '@/lib/format';
import { useClaimOffer, useClaimPoints } from './api/claims';
import { PhoneField } from './components/phone-field';
import { PublicField } from './components/public-field';
import { PublicPageLinks } from './components/public-page-links';

/** The path of a link the server made (`{public URL}/me/{token}`), to open in this app. */
const pathOf = (url: string) => {
  try {
    return new URL(url, window.location.origin).pathname;
  } catch {
    return url;
  }
};

/** Why a claim link gives nothing: the server's own words (404, 409, 410). */
function Refused({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const { t } = useTranslation();
  const message =
    error instanceof ApiError && error.status === 404
      ? t('public.claim.invalid')
      : error instanceof ApiError && error.hasServerMessage
        ? error.message
        : t('public.claim.failed');
  if (standalone) {
    // The whole page: its heading is the page's one.
    return (
      <Paper p={{ base: 'lg', sm: 'xl' }} shadow="sm" withBorder>
        <Stack gap="sm" align="center" ta="center">
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {t('public.claim.refusedTitle')}
          </Title>
          <Text data-testid="claim-refused">{message}</Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <Alert color="red" title={t('public.claim.refusedTitle')} data-testid="claim-refused">
      {message}
    </Alert>
  );
}

/** A cash receipt's QR code (`/claim/{token}`): the buyer claims the sale's points with a name and phone. */
export function ClaimPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const format = useFormat();
  const offer = useClaimOffer(token);
  const claim = useClaimPoints(token);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    claim.mutate({ name, phone: normalizeDigits(phone) });
  };
  const fieldErrors = claim.error instanceof ApiError ? claim.error.fieldErrors : {};

  let content;
  if (claim.isSuccess) {
    content = (
      <Paper p={{ base: 'lg', sm: 'xl' }} shadow="sm" withBorder data-testid="claim-done">
        <Stack gap="md" align="center" ta="center">
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {t('public.claim.doneTitle')}
          </Title>
          <Text data-testid="claim-points">
            {t('public.claim.done', {
              points: format.points(claim.data.points),
              store: claim.data.store.name,
            })}
          </Text>
          <Text c="dimmed">{t('public.claim.balance', { points: format.points(claim.data.balance) })}</Text>
          <Button component={Link} to={pathOf(claim.data.customer_page_url)} size="lg" fullWidth>
            {t('public.claim.openPage')}
          </Button>
        </Stack>
      </Paper>
    );
  } else if (offer.isPending) {
    content = <PageLoader />;
  } else if (offer.isError) {
    content = <Refused error={offer.error} standalone />;
  } else {
    const refused = claim.error instanceof ApiError && claim.error.status !== 422;
    content = (
      <Paper p={{ base: 'lg', sm: 'xl' }} shadow="sm" withBorder>
        <form onSubmit={submit} noValidate data-testid="claim-form">
          <Stack gap="md">
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {t('public.claim.title', { points: format.points(offer.data.points) })}
            </Title>
            <Text>
              {t('public.claim.subtitle', {
                store: offer.data.store.name,
                total: format.lyd(offer.data.total),
              })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('public.claim.until', { date: format.date(offer.data.expires_at) })}
            </Text>
            {refused && <Refused error={claim.error} />}
            <PublicField
              field="name"
              label={t('public.join.name')}
              placeholder={t('public.join.namePlaceholder')}
              value={name}
              onChange={setName}
              error={fieldErrors.name?.[0]}
              disabled={claim.isPending}
            />
            <PhoneField
              value={phone}
              onChange={setPhone}
              error={fieldErrors.phone?.[0]}
              disabled={claim.isPending}
            />
            <Button type="submit" size="lg" loading={claim.isPending} fullWidth>
              {t('public.claim.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    );
  }
  return (
    <PublicLayout>
      <Box py={{ base: 'xl', sm: 64 }}>
        <Container size={520} px="md">
          <Stack gap="lg">
            {content}
            <Anchor component={Link} to="/check-points" ta="center">
              {t('public.links.checkPoints')}
            </Anchor>
            <PublicPageLinks />
          </Stack>
        </Container>
      </Box>
    </PublicLayout>
  );
}
