import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The open tab of a page, kept in the URL (`?tab=`): a reload, a shared link or Back returns to
 * it. An unknown or missing value is the first tab.
 */
export function useTabParam<T extends string>(tabs: readonly T[]): [T, (next: string | null) => void] {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const first = tabs[0] as T;
  const tab = tabs.find((t) => t === asked) ?? first;
  const setTab = useCallback(
    (next: string | null) => {
      const known = tabs.find((t) => t === next);
      if (!known) return;
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          if (known === first) params.delete('tab');
          else params.set('tab', known);
          return params;
        },
        { replace: true },
      );
    },
    [tabs, first, setSearch],
  );
  return [tab, setTab];
}
