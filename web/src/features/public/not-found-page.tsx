import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { LanguageSwitcher } from '@/components/language-switcher';
import { MAIN_ID } from '@/components/skip-link';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center component="main" id={MAIN_ID} tabIndex={-1} mih="100vh" p="md">
      <Stack align="center" gap="md" maw={460} ta="center">
        <BrandMark />
        <Text fz={96} fw={900} c="brand.7" lh={1} aria-hidden>
          {t('notFound.code')}
        </Text>
        <Title order={1} fz={28}>
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.description')}</Text>
        <Button
          component={Link}
          to="/"
          rightSection={<IconArrowRight size={18} className="mirror-in-rtl" aria-hidden />}
        >
          {t('notFound.home')}
        </Button>
        <LanguageSwitcher />
      </Stack>
    </Center>
  );
}
