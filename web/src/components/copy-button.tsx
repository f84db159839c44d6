import { Button, CopyButton as MantineCopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** Copies `value` to the clipboard; says `copiedLabel` for a moment after. */
export function CopyValueButton({
  value,
  label,
  copiedLabel,
}: {
  value: string;
  label: string;
  copiedLabel: string;
}) {
  return (
    <MantineCopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          variant="light"
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
          onClick={copy}
        >
          {copied ? copiedLabel : label}
        </Button>
      )}
    </MantineCopyButton>
  );
}
