import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconChartBar, IconGift, IconUsersGroup, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/public-layout';
import { HeroPreviewCard } from './hero-preview-card';
import classes from './home-page.module.css';

interface Feature {
  key: 'multiRole' | 'pointsRewards' | 'analytics';
  icon: Icon;
  color: string;
}

const FEATURES: Feature[] = [
  { key: 'multiRole', icon: IconUsersGroup, color: 'brand' },
  { key: 'pointsRewards', icon: IconGift, color: 'orange' },
  { key: 'analytics', icon: IconChartBar, color: 'indigo' },
];

export function HomePage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <Box component="section" className={classes.hero} aria-labelledby="hero-title">
        <Container size="lg" py={{ base: 48, md: 96 }}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56} className={classes.heroGrid}>
            <Stack gap="lg" justify="center">
              <Badge variant="light" size="lg" radius="xl" w="fit-content">
                {t('home.hero.eyebrow')}
              </Badge>
              <Title id="hero-title" order={1} className={classes.heroTitle}>
                {t('home.hero.title')}
              </Title>
              <Text size="lg" c="dark.4" maw={560} lh={1.7}>
                {t('home.hero.subtitle')}
              </Text>
              <Group gap="sm" mt="sm">
                <Button
                  component={Link}
                  to="/login"
                  size="lg"
                  variant="gradient"
                  rightSection={<IconArrowRight size={20} className="mirror-in-rtl" aria-hidden />}
                >
                  {t('home.hero.primaryCta')}
                </Button>
                <Button component={Link} to="/login" size="lg" variant="default">
                  {t('home.hero.secondaryCta')}
                </Button>
              </Group>
            </Stack>
            <HeroPreviewCard />
          </SimpleGrid>
        </Container>
      </Box>

      <Box component="section" py={{ base: 56, md: 88 }} aria-labelledby="features-title">
        <Container size="lg">
          <Stack gap={8} align="center" ta="center" mb={48}>
            <Title id="features-title" order={2} fz={{ base: 28, md: 36 }}>
              {t('home.features.title')}
            </Title>
            <Text c="dimmed" size="lg" maw={560}>
              {t('home.features.subtitle')}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {FEATURES.map(({ key, icon: FeatureIcon, color }) => (
              <Card key={key} padding="xl" shadow="sm" className={classes.featureCard}>
                <ThemeIcon size={52} radius="md" variant="light" color={color} aria-hidden>
                  <FeatureIcon size={28} stroke={1.7} />
                </ThemeIcon>
                <Title order={3} fz="xl" mt="lg" mb="xs">
                  {t(`home.features.${key}.title`)}
                </Title>
                <Text c="dimmed" lh={1.7}>
                  {t(`home.features.${key}.description`)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Container>
      </Box>
    </PublicLayout>
  );
}
