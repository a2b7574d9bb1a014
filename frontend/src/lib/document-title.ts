/**
 * A page's `<title>`: its names most specific first, then the product, each once ("CO Attainment · Attainment ·
 * Attain"; no names: "Attain").
 */
export const documentTitle = (...names: readonly string[]): string => [...new Set([...names, 'Attain'])].join(' · ');
