import { Box, Button, Container, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSearch, IconStarFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PublicLayout } from '@/components/public-layout';
import { ApiError } from '@/lib/api/errors';
import { normalizeDigits, useFormat } from '@/lib/format';
import { useLookupPoints } from './api/lookup-points';
import { PhoneField } from './components/phone-field';
import { PointsResult } from './components/points-result';
import { PublicPageLinks } from './components/public-page-links';
import { PublicFormCard } from './components/public-form-card';
import { PublicFormFailure } from './components/public-form-failure';
import { useFieldErrors } from './hooks/use-field-errors';
import { useRetryCountdown } from './hooks/use-retry-countdown';

/** A phone number handed over in navigation state (from the join page), never in the URL. */
function phoneFromState(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'phone' in state && typeof state.phone === 'string') {
    return state.phone;
  }
  return '';
}

/** Public lookup of a customer's points by phone number (guests only). */
export function CheckPointsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const location = useLocation();
  const [phone, setPhone] = useState(() => phoneFromState(location.state));
  const lookup = useLookupPoints();
  const countdown = useRetryCountdown();
  const fields = useFieldErrors<'phone'>();
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (lookup.data) resultRef.current?.focus();
  }, [lookup.data]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = normalizeDigits(phone).trim();
    if (!fields.begin({ phone: typed ? undefined : t('public.phone.required') })) {
      lookup.reset();
      return;
    }
    lookup.mutate({ phone: typed }, { onSettled: (_data, error) => countdown.startFrom(error) });
  }

  const error = lookup.error;
  const phoneError = fields.errorFor('phone', error);
  const waiting = countdown.secondsLeft !== null;

  return (
    <PublicLayout>
      <Box py={{ base: 'xl', sm: 64 }}>
        <Container size={560} px="md">
          <Stack gap="lg">
            <Stack align="center" ta="center" gap="xs">
              <ThemeIcon size={56} radius="xl" variant="gradient" aria-hidden>
                <IconStarFilled size={28} />
              </ThemeIcon>
              <Title order={1} fz={{ base: 26, sm: 34 }}>
                {t('public.checkPoints.title')}
              </Title>
              <Text c="dimmed" size="md" maw={440}>
                {t('public.checkPoints.subtitle')}
              </Text>
            </Stack>

            <PublicFormCard onSubmit={handleSubmit}>
              <PhoneField
                value={phone}
                onChange={(value) => {
                  setPhone(value);
                  fields.edit('phone');
                }}
                error={phoneError}
              />
              <Button
                type="submit"
                size="lg"
                fullWidth
                loading={lookup.isPending}
                disabled={waiting}
                leftSection={<IconSearch size={20} aria-hidden />}
              >
                {t('public.checkPoints.submit')}
              </Button>
              <PublicFormFailure
                error={error}
                underFields={error instanceof ApiError && Boolean(error.fieldError('phone'))}
                secondsLeft={countdown.secondsLeft}
                rateLimited={(seconds) =>
                  t('public.checkPoints.rateLimited', { count: seconds, seconds: format.number(seconds) })
                }
                rateLimitedSoon={t('public.checkPoints.rateLimitedSoon')}
              />
            </PublicFormCard>

            <Box aria-busy={lookup.isPending}>
              {lookup.isPending && <ResultSkeleton />}
              {lookup.data && lookup.variables && (
                <PointsResult ref={resultRef} result={lookup.data} phone={lookup.variables.phone ?? ''} />
              )}
            </Box>

            <PublicPageLinks />
          </Stack>
        </Container>
      </Box>
    </PublicLayout>
  );
}

function ResultSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      <Skeleton height={150} radius="lg" />
      <Skeleton height={180} radius="lg" />
    </Stack>
  );
}
