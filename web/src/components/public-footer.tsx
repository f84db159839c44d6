import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function PublicFooter() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      py="xl"
      bg="white"
      style={{ borderBlockStart: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('home.footer.rights', { year: new Date().getFullYear() })}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to="/about" size="sm" c="dimmed">
              {t('nav.about')}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('home.footer.madeFor')}
            </Text>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
