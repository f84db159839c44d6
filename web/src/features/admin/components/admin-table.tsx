import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The admin dashboard's tables: striped, lit under the pointer, with roomy rows. */
export const ADMIN_TABLE = { striped: true, highlightOnHover: true, verticalSpacing: 'sm' } as const;

/** An admin tab's button that opens the form for a new record (package, store, card, user). */
export function AddButton({
  onClick,
  testId,
  children,
}: {
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button leftSection={<IconPlus size={16} />} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}
