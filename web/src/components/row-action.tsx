import { ActionIcon, Tooltip, type ActionIconProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface RowActionProps extends Omit<ActionIconProps, 'children' | 'variant'> {
  /** What it does to which row ("Delete Ben Ali"): the button's accessible name. */
  label: string;
  icon: Icon;
  onClick: () => void;
  /** A short tip for pointer users ("Delete"). */
  tooltip?: string;
  'aria-describedby'?: string;
}

/** One of a table row's icon buttons (edit, pause, delete). */
export function RowAction({ label, icon: ActionIconGlyph, tooltip, ...props }: RowActionProps) {
  const button = (
    <ActionIcon variant="subtle" aria-label={label} {...props}>
      <ActionIconGlyph size={18} />
    </ActionIcon>
  );
  return tooltip ? <Tooltip label={tooltip}>{button}</Tooltip> : button;
}
