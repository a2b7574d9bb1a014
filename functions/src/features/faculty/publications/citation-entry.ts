/**
 * One bibliography entry of an imported file, read from BibTeX or RIS into plain text (LaTeX decoded, braces
 * gone), before it becomes a research publication. Absent values are left out; nothing is checked yet.
 */
export interface CitationEntry {
  /** Its place in the file, from 1. */
  position: number;
  /** The BibTeX citation key or the RIS `ID`. */
  key?: string;
  /** The entry's kind as the file names it: a BibTeX type in lower case (`article`) or a RIS `TY` code (`JOUR`). */
  kind: string;
  title?: string;
  /** The journal, or the conference (proceedings) the paper appeared in. */
  container?: string;
  /** Each author as "Given Family" ("et al." for BibTeX's `others`). */
  authors: string[];
  /** The year as written (`2005`, `2005-03-01`, `2005///`). */
  year?: string;
  abstract?: string;
  publisher?: string;
  volume?: string;
  issue?: string;
  /** Pages as `first-last` (or one page, or an article number). */
  pages?: string;
  issn?: string;
  isbn?: string;
  /** As written: possibly with a `https://doi.org/` or `doi:` prefix. */
  doi?: string;
  url?: string;
  keywords: string[];
  /** Why the entry could not be read from the file (its other values are then absent). */
  problem?: string;
}

/**
 * A person's name as "Given Family" from the forms bibliographies use: "Family, Given", "von Family, Jr, Given"
 * (BibTeX's three-part form; the suffix goes last) or already "Given Family". Blank parts are dropped.
 */
export function personName(name: string): string {
  const parts = name.split(',').map((p) => p.trim());
  if (parts.length === 1) return parts[0];
  const [family, ...rest] = parts;
  const given = rest.length >= 2 ? rest.slice(1).join(' ') : rest[0];
  const suffix = rest.length >= 2 ? rest[0] : '';
  return [given, family].filter(Boolean).join(' ') + (suffix ? `, ${suffix}` : '');
}
