import type { ReactNode } from 'react';

/**
 * Left-to-right content inside any text (phone numbers, emails, signed numbers): isolated so
 * "+218 91..." keeps its order in Arabic, while the surrounding block keeps its alignment.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <span dir="ltr">{children}</span>;
}
