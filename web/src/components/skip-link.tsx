import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of every page's `<main>`; it also needs `tabIndex={-1}` to take the skip link's focus. */
export const MAIN_ID = 'main';

/**
 * The first thing Tab reaches on every page: moves focus past the header to the page's main
 * content. Hidden until focused (global.css).
 */
export function SkipLink() {
  const { t } = useTranslation();
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    // Focus, not only scroll: the next Tab goes on from the main content. (No hash in the URL.)
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.({ block: 'start' });
  }
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      {t('app.skipToContent')}
    </a>
  );
}
