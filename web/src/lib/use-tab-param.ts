import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The open tab of a page, kept in the URL (`?tab=`): a reload, a shared link or Back returns to
 * it. An unknown or missing value is the first tab. A tab may keep its own state in the URL too
 * (the owner's Activity filters); going to another tab leaves it behind, as the tab's own state
 * is when it unmounts.
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
          const open = tabs.find((t) => t === current.get('tab')) ?? first;
          if (known === open) return current;
          const params = new URLSearchParams();
          if (known !== first) params.set('tab', known);
          return params;
        },
        { replace: true },
      );
    },
    [tabs, first, setSearch],
  );
  return [tab, setTab];
}
