import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

interface AddHeaderProps {
  title: string;
  addLabel: string;
  onAdd: () => void;
  /** Why Add is off (the plan allows no more, or there is no plan); null while it is on. */
  blocked: string | null;
  /** The id (and test id) of the sentence that says why. */
  reasonId: string;
}

/** A tab's title and its Add button, which says why it is off when the plan allows no more. */
export function AddHeader({ title, addLabel, onAdd, blocked, reasonId }: AddHeaderProps) {
  return (
    <Group justify="space-between">
      <Title order={2} fz="h3">
        {title}
      </Title>
      <Stack gap={4} align="flex-end">
        <Button
          leftSection={<IconPlus size={18} />}
          onClick={onAdd}
          disabled={blocked !== null}
          aria-describedby={blocked === null ? undefined : reasonId}
        >
          {addLabel}
        </Button>
        {blocked !== null && (
          <Text size="sm" c="dimmed" id={reasonId} data-testid={reasonId}>
            {blocked}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
