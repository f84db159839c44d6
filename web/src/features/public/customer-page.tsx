import {
  Anchor,
  Box,
  Container,
  Divider,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { StampDots } from '@/components/stamp-dots';
import { PublicLayout } from '@/components/public-layout';
import { ErrorNotice } from '@/components/notice';
import { ApiError } from '@/lib/api/errors';
import { useFormat } from '@/lib/format';
import { useCustomerPage, useSetPageConsent } from './api/customer-page';
import { CustomerPageTier } from './components/customer-page-tier';
import { PublicPageLinks } from './components/public-page-links';
import type { CustomerPage } from './api/types';

/** A page link that opens nothing: unknown, altered, expired or revoked alike. */
function InvalidPageLink() {
  const { t } = useTranslation();
  return (
    <Paper p={{ base: 'lg', sm: 'xl' }} shadow="sm" withBorder data-testid="invalid-page-link">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" color="red" aria-hidden>
          <IconLinkOff size={36} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('public.me.invalid.title')}
        </Title>
        <Text c="dimmed">{t('public.me.invalid.description')}</Text>
      </Stack>
    </Paper>
  );
}

/** The customer's consent to messages, which it changes here for every store the page shows. */
function PageMessages({ token, page }: { token: string; page: CustomerPage }) {
  const { t } = useTranslation();
  const consent = useSetPageConsent(token);
  const { consents } = page;
  const busy = consent.isPending;
  return (
    <Paper p="md" withBorder data-testid="customer-page-messages">
      <Stack gap="sm">
        <Title order={2} fz={18}>
          {t('public.me.messages.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('public.me.messages.hint')}
        </Text>
        {(['whatsapp', 'sms'] as const).map((channel) => (
          <Switch
            key={channel}
            label={t(`public.me.messages.${channel}`)}
            checked={consents[channel]}
            disabled={busy}
            onChange={(event) => consent.mutate({ channel, granted: event.currentTarget.checked })}
            data-testid={`customer-page-consent-${channel}`}
          />
        ))}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="customer-page-language">
            {t('public.me.messages.language')}
          </Text>
          <SegmentedControl
            aria-labelledby="customer-page-language"
            value={consents.language}
            disabled={busy || !(consents.whatsapp || consents.sms)}
            onChange={(language) => {
              const channel = consents.whatsapp ? 'whatsapp' : 'sms';
              consent.mutate({ channel, granted: true, language: language === 'en' ? 'en' : 'ar' });
            }}
            data={[
              { value: 'ar', label: t('public.me.messages.arabic') },
              { value: 'en', label: t('public.me.messages.english') },
            ]}
            data-testid="customer-page-language"
          />
        </Stack>
        {consent.isError && <ErrorNotice>{t('public.me.messages.failed')}</ErrorNotice>}
      </Stack>
    </Paper>
  );
}

function PageContent({ token, page }: { token: string; page: CustomerPage }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap="lg" data-testid="customer-page">
      <Paper p={{ base: 'lg', sm: 'xl' }} shadow="sm" withBorder>
        <Stack gap={4} align="center" ta="center">
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {t('public.me.title')}
          </Title>
          <Text c="dimmed">{t('public.me.total')}</Text>
          <Text fz={40} fw={700} data-testid="customer-page-total">
            {format.points(page.total_points)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('public.me.validUntil', { date: format.date(page.expires_at) })}
          </Text>
        </Stack>
      </Paper>
      {page.stores.map((store) => (
        <Paper key={store.store.id} p="md" withBorder data-testid="customer-page-store">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} fz={18}>
                <bdi>{store.store.name}</bdi>
              </Title>
              <Text fw={700}>{format.points(store.points)}</Text>
            </Group>
            {store.expiring.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('public.me.noExpiry')}
              </Text>
            ) : (
              store.expiring.map((lot) => (
                <Text size="sm" key={lot.on}>
                  {t('public.me.expiring', { points: format.points(lot.points), date: format.date(lot.on) })}
                </Text>
              ))
            )}
            {store.tier && (
              <>
                <Divider my={4} />
                <CustomerPageTier tier={store.tier} />
              </>
            )}
            {store.stamps && (
              <>
                <Divider my={4} />
                <Title order={3} fz="sm" c="dimmed">
                  {t('public.checkPoints.stamps')}
                </Title>
                <StampDots
                  count={store.stamps.count}
                  required={store.stamps.required}
                  testId="customer-page-stamps"
                />
              </>
            )}
          </Stack>
        </Paper>
      ))}
      <Paper p="md" withBorder>
        <Title order={2} fz={18} mb="sm">
          {t('public.me.movements')}
        </Title>
        {page.movements.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('public.me.noMovements')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" data-testid="customer-page-movements">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('public.me.when')}</Table.Th>
                  <Table.Th>{t('public.me.what')}</Table.Th>
                  <Table.Th>{t('public.me.change')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.movements.map((m, i) => (
                  <Table.Tr key={`${m.created_at}-${i}`}>
                    <Table.Td>{format.date(m.created_at)}</Table.Td>
                    <Table.Td>
                      {t(`customers.history.kinds.${m.kind}`)} · <bdi>{m.store.name}</bdi>
                    </Table.Td>
                    <Table.Td dir="ltr" ta="end">
                      {m.delta > 0 ? '+' : ''}
                      {format.number(m.delta)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <PageMessages token={token} page={page} />
      <Anchor href="/check-points" ta="center">
        {t('public.links.checkPoints')}
      </Anchor>
    </Stack>
  );
}

/** The customer's own page (`/me/{token}`): the link the till shares after a sale. */
export function CustomerPagePage() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const page = useCustomerPage(token);
  let content;
  if (page.isPending) {
    content = <PageLoader />;
  } else if (page.error instanceof ApiError && page.error.status === 404) {
    content = <InvalidPageLink />;
  } else if (page.isError) {
    content = <ErrorNotice>{t('public.me.loadFailed')}</ErrorNotice>;
  } else {
    content = <PageContent token={token} page={page.data} />;
  }
  return (
    <PublicLayout>
      <Box py={{ base: 'xl', sm: 64 }}>
        <Container size={560} px="md">
          <Stack gap="lg">
            {content}
            <PublicPageLinks />
          </Stack>
        </Container>
      </Box>
    </PublicLayout>
  );
}
