import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconClockHour4, IconPhone, IconSearch, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/public-layout';

/** Placeholder: the real public lookup is its own issue. */
export function CheckPointsPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <Box py={{ base: 48, md: 80 }}>
        <Container size={520}>
          <Stack align="center" ta="center" gap="sm" mb="xl">
            <ThemeIcon size={64} radius="xl" variant="gradient" aria-hidden>
              <IconStarFilled size={32} />
            </ThemeIcon>
            <Title order={1} fz={{ base: 28, sm: 34 }}>
              {t('checkPoints.title')}
            </Title>
            <Text c="dimmed" size="lg">
              {t('checkPoints.subtitle')}
            </Text>
          </Stack>
          <Paper p="xl" shadow="sm" withBorder>
            <Stack gap="md">
              <Group justify="flex-end">
                <Badge color="orange" variant="light" leftSection={<IconClockHour4 size={14} />}>
                  {t('checkPoints.comingSoon')}
                </Badge>
              </Group>
              <TextInput
                label={t('checkPoints.phone')}
                placeholder={t('checkPoints.phonePlaceholder')}
                type="tel"
                inputMode="tel"
                size="md"
                leftSection={<IconPhone size={16} aria-hidden />}
                disabled
              />
              <Button size="md" leftSection={<IconSearch size={18} aria-hidden />} disabled fullWidth>
                {t('checkPoints.submit')}
              </Button>
              <Alert color="brand" variant="light" title={t('checkPoints.comingSoon')}>
                {t('checkPoints.comingSoonDescription')}
              </Alert>
            </Stack>
          </Paper>
          <Group justify="center" mt="lg">
            <Anchor component={Link} to="/login" fw={500}>
              {t('checkPoints.staffSignIn')}
            </Anchor>
          </Group>
        </Container>
      </Box>
    </PublicLayout>
  );
}
