import { ActionIcon, Group, Tooltip, type ActionIconProps } from '@mantine/core';
import { IconEdit, IconTrash, type Icon } from '@tabler/icons-react';

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

interface EditDeleteActionsProps {
  /** The buttons' accessible names ("Edit Ben Ali", "Delete Ben Ali"). */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  /** The edit glyph, as the screen's other edit buttons draw it. */
  editIcon?: Icon;
  /** Short tips for pointer users ("Edit", "Delete"). */
  tooltips?: { edit: string; delete: string };
}

/** A record's Edit and Delete buttons, side by side. */
export function EditDeleteActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  editIcon = IconEdit,
  tooltips,
}: EditDeleteActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <RowAction icon={editIcon} tooltip={tooltips?.edit} label={editLabel} onClick={onEdit} />
      <RowAction
        icon={IconTrash}
        color="red"
        tooltip={tooltips?.delete}
        label={deleteLabel}
        onClick={onDelete}
      />
    </Group>
  );
}
