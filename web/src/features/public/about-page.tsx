import { Box, Button, Container, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconBuildingStore,
  IconCashRegister,
  IconLanguage,
  IconPhone,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublicLayout } from '@/components/public-layout';

export function AboutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <Box py={{ base: 48, md: 80 }}>
        <Container size={720}>
          <Stack gap="lg">
            <Title order={1}>{t('about.title')}</Title>
            <Text size="lg" lh={1.8}>
              {t('about.intro')}
            </Text>
            <Paper p="xl" withBorder shadow="xs">
              <Title order={2} fz="xl" mb="md">
                {t('about.rolesTitle')}
              </Title>
              <List spacing="md" center>
                <List.Item icon={<RoleIcon icon={<IconShieldCheck size={18} />} />}>
                  {t('about.roles.admin')}
                </List.Item>
                <List.Item icon={<RoleIcon icon={<IconBuildingStore size={18} />} />}>
                  {t('about.roles.storeOwner')}
                </List.Item>
                <List.Item icon={<RoleIcon icon={<IconCashRegister size={18} />} />}>
                  {t('about.roles.posUser')}
                </List.Item>
                <List.Item icon={<RoleIcon icon={<IconPhone size={18} />} />}>
                  {t('about.customers')}
                </List.Item>
                <List.Item icon={<RoleIcon icon={<IconLanguage size={18} />} />}>
                  {t('about.languages')}
                </List.Item>
              </List>
            </Paper>
            <Button
              variant="default"
              w="fit-content"
              leftSection={<IconArrowLeft size={18} className="mirror-in-rtl" aria-hidden />}
              onClick={() => void navigate(-1)}
            >
              {t('about.back')}
            </Button>
          </Stack>
        </Container>
      </Box>
    </PublicLayout>
  );
}

function RoleIcon({ icon }: { icon: React.ReactNode }) {
  return (
    <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden>
      {icon}
    </ThemeIcon>
  );
}
