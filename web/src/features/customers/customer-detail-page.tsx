import { Button, Card, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

/** Placeholder: the customer detail page is its own issue. */
export function CustomerDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Button
          component={Link}
          to="/dashboard"
          variant="subtle"
          w="fit-content"
          leftSection={<IconArrowLeft size={18} className="mirror-in-rtl" aria-hidden />}
        >
          {t('customer.back')}
        </Button>
        <Card padding="xl" shadow="xs">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconUser size={30} />
            </ThemeIcon>
            <Stack gap={4}>
              <Title order={1} fz={24}>
                {t('customer.title', { id })}
              </Title>
              <Text c="dimmed">{t('customer.placeholder')}</Text>
            </Stack>
          </Group>
        </Card>
      </Stack>
    </Container>
  );
}
