import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A registration link whose token the server does not know (mistyped, or revoked). */
export function InvalidJoinLink() {
  const { t } = useTranslation();
  return (
    <Paper p={{ base: 'lg', sm: 'xl' }} shadow="sm" withBorder data-testid="invalid-join-link">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" color="red" aria-hidden>
          <IconLinkOff size={36} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('public.join.invalidLink.title')}
        </Title>
        <Text c="dimmed">{t('public.join.invalidLink.description')}</Text>
        <Button
          component={Link}
          to="/check-points"
          size="lg"
          fullWidth
          variant="light"
          leftSection={<IconSearch size={20} aria-hidden />}
        >
          {t('public.links.checkPoints')}
        </Button>
      </Stack>
    </Paper>
  );
}
