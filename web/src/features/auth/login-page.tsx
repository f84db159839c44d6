import {
  Anchor,
  Box,
  Button,
  Group,
  List,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAt, IconCheck, IconClockExclamation, IconLock, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { FormError } from '@/components/form/form-error';
import { HomeLink } from '@/components/home-link';
import { LanguageSwitcher } from '@/components/language-switcher';
import { PasswordField } from '@/components/password-field';
import { PhoneHeaderActions } from '@/components/phone-header-actions';
import { MAIN_ID } from '@/components/skip-link';
import { useWideHeader } from '@/components/use-wide-header';
import { ApiError, messageOf } from '@/lib/api/errors';
import { sessionHasEnded } from '@/lib/session/return-to';
import { useMeta } from './api/get-meta';
import { useLogin } from './api/login';
import { DEMO_PASSWORD } from './demo-accounts';
import classes from './login-page.module.css';
import { Notice } from '@/components/notice';

// Only a demo server lists its accounts: the card's code is not part of the first page.
const DemoAccountsCard = lazy(async () => ({
  default: (await import('./components/demo-accounts-card')).DemoAccountsCard,
}));

export function LoginPage() {
  const { t } = useTranslation();
  const meta = useMeta();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const wide = useWideHeader();
  const [ended] = useState(sessionHasEnded);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const error = loginMutation.error;
  const fieldErrors = error instanceof ApiError ? error : null;
  const emailError = fieldErrors?.fieldError('email');
  const passwordError = fieldErrors?.fieldError('password');
  // The server checks the fields (in the page's language); its messages go under them.
  const onlyFieldErrors = Boolean(emailError || passwordError);

  useEffect(() => {
    if (emailError) emailRef.current?.focus();
    else if (passwordError) passwordRef.current?.focus();
  }, [emailError, passwordError]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    loginMutation.mutate({ email: email.trim(), password });
  }

  return (
    <Box className={classes.page}>
      {/* What the product is, beside the form on wide screens: complementary, not a heading. */}
      <Box component="aside" className={classes.aside} visibleFrom="md">
        <Stack gap="xl" className={classes.asideInner}>
          <Box className={classes.asideBrand}>
            <BrandMark size="lg" />
          </Box>
          <Text component="p" c="white" fz={34} fw={700} lh={1.3}>
            {t('home.hero.title')}
          </Text>
          <List
            spacing="md"
            c="white"
            icon={
              <ThemeIcon color="white" variant="white" radius="xl" size={24} c="brand.8" aria-hidden>
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            <List.Item>{t('home.features.multiRole.title')}</List.Item>
            <List.Item>{t('home.features.pointsRewards.title')}</List.Item>
            <List.Item>{t('home.features.analytics.title')}</List.Item>
          </List>
        </Stack>
      </Box>

      <Box className={classes.column}>
        <Group component="header" justify="space-between" wrap="nowrap" className={classes.topBar}>
          <HomeLink size="sm" />
          {wide ? <LanguageSwitcher /> : <PhoneHeaderActions />}
        </Group>

        <Stack component="main" id={MAIN_ID} tabIndex={-1} className={classes.content} gap="lg">
          <Stack gap={6}>
            <Title order={1} fz={30}>
              {t('login.title')}
            </Title>
            <Text c="dimmed">{t('login.subtitle')}</Text>
          </Stack>

          <Paper component="form" onSubmit={handleSubmit} noValidate p="xl" shadow="sm" withBorder>
            <Stack gap="md">
              {ended && !error && (
                <Notice color="orange" icon={IconClockExclamation} role="status" data-testid="session-ended">
                  {t('login.sessionEnded')}
                </Notice>
              )}
              <FormError
                title={t('login.errorTitle')}
                message={error && !onlyFieldErrors ? messageOf(error, t('login.failed')) : null}
              />
              <TextInput
                label={t('login.email')}
                placeholder={t('login.emailPlaceholder')}
                type="email"
                name="email"
                autoComplete="username"
                required
                ref={emailRef}
                dir="ltr"
                leftSection={<IconAt size={16} aria-hidden />}
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={emailError}
                size="md"
              />
              <PasswordField
                label={t('login.password')}
                placeholder={t('login.passwordPlaceholder')}
                name="password"
                autoComplete="current-password"
                required
                ref={passwordRef}
                leftSection={<IconLock size={16} aria-hidden />}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={passwordError}
                size="md"
              />
              <Button type="submit" size="md" fullWidth disabled={loginMutation.isPending}>
                {loginMutation.isPending ? t('login.submitting') : t('login.submit')}
              </Button>
            </Stack>
          </Paper>

          <Anchor component={Link} to="/check-points" ta="center" fw={500}>
            <Group gap={6} justify="center" component="span">
              <IconSearch size={16} aria-hidden />
              {t('login.checkPoints')}
            </Group>
          </Anchor>

          {meta.data?.demo_mode === true && (
            <Suspense fallback={null}>
              <DemoAccountsCard
                onPick={(account) => {
                  setEmail(account.email);
                  setPassword(DEMO_PASSWORD);
                  loginMutation.reset();
                }}
              />
            </Suspense>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
