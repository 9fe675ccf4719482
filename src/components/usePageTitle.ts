import { useEffect } from 'react';

/** Sets the document title for a page ("<page> · PN Prep"). */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · PN Prep` : 'PN Prep';
  }, [title]);
}
