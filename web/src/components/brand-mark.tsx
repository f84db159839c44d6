import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface BrandMarkProps {
  size?: 'sm' | 'md' | 'lg';
}

export function BrandMark({ size = 'md' }: BrandMarkProps) {
  const { t } = useTranslation();
  const iconSize = { sm: 28, md: 34, lg: 44 }[size];
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon size={iconSize} radius="md" variant="gradient" aria-hidden>
        <IconStarFilled size={iconSize * 0.55} />
      </ThemeIcon>
      <Text component="span" fw={800} fz={size === 'lg' ? 28 : size === 'md' ? 22 : 18} c="dark.8">
        {t('app.name')}
      </Text>
    </Group>
  );
}
