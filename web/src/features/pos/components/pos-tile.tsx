import { Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import classes from './pos-tile.module.css';

interface PosTileProps {
  icon: Icon;
  color: string;
  title: string;
  description: string;
  onClick: () => void;
  testId: string;
}

/** One of the dashboard's large tiles; each opens a modal. */
export function PosTile({ icon: TileIcon, color, title, description, onClick, testId }: PosTileProps) {
  return (
    <UnstyledButton className={classes.tile} onClick={onClick} data-testid={testId} aria-haspopup="dialog">
      <Stack align="center" gap="sm">
        <ThemeIcon variant="light" color={color} size={72} radius="xl" aria-hidden>
          <TileIcon size={38} stroke={1.6} />
        </ThemeIcon>
        <Text fw={700} fz="lg" ta="center">
          {title}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {description}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}
