import { useMatches } from '@mantine/core';

/** Whether a header has room for its links (from the `sm` breakpoint, 768 px). */
export function useWideHeader(): boolean {
  // Read at once, so the first paint is already the right one.
  return useMatches({ base: false, sm: true }, { getInitialValueInEffect: false });
}
