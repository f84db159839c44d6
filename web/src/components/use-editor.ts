import { useState } from 'react';

/**
 * What a form modal edits (null: a new one) and whether it is open. The item stays while the
 * modal animates closed, so its title does not change on the way out.
 */
export function useEditor<T>() {
  const [item, setItem] = useState<T | null>(null);
  const [opened, setOpened] = useState(false);
  return {
    item,
    opened,
    open: (next: T | null) => {
      setItem(next);
      setOpened(true);
    },
    /** The modal's state: open while editing, closing. */
    modal: { opened, onClose: () => setOpened(false) },
  };
}
