import { Badge, Divider, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoffee, IconReceipt2, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import classes from './hero-preview-card.module.css';

/** A decorative preview of what a customer's balance looks like; not live data. */
export function HeroPreviewCard() {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper shadow="xl" p="xl" className={classes.card} aria-hidden>
      <Group justify="space-between" mb="md">
        <Text fw={600} c="dimmed">
          {t('home.hero.cardTitle')}
        </Text>
        <ThemeIcon variant="light" radius="xl" size="lg">
          <IconStarFilled size={18} />
        </ThemeIcon>
      </Group>
      <Text fz={40} fw={800} c="brand.8" lh={1}>
        {t('home.hero.cardPoints', { points: format.points(1250) })}
      </Text>
      <Progress value={78} mt="lg" size="lg" radius="xl" />
      <Divider my="lg" />
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color="gray" radius="md">
              <IconReceipt2 size={18} />
            </ThemeIcon>
            <Text size="sm">{t('home.hero.cardInvoice', { amount: format.lyd('85.500') })}</Text>
          </Group>
          <Badge color="teal" variant="light">
            {t('home.hero.cardEarned', { points: format.points(85) })}
          </Badge>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="orange" radius="md">
            <IconCoffee size={18} />
          </ThemeIcon>
          <Text size="sm">{t('home.hero.cardReward')}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
