import { useEffect } from 'react';

/**
 * A page's `<title>`: its names most specific first, then the product, each once ("CO Attainment · Attainment ·
 * Attain"; no names: "Attain").
 */
export const documentTitle = (...names: readonly string[]): string => [...new Set([...names, 'Attain'])].join(' · ');

/** Sets the page's `<title>` to `documentTitle(...names)` while the page shows, and again when a name changes. */
export function useDocumentTitle(...names: readonly string[]): void {
  const title = documentTitle(...names);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
