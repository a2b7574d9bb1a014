import { IMPORTED_FIELDS } from './publication-fields.js';

/**
 * A record or an entry's body as matching reads it: only its `direct_object_identifier`, `paper_title` and
 * `publication_year` count.
 */
export type PublicationIdentity = Readonly<Record<string, unknown>>;

/** A DOI as compared: lower case (DOIs are case-insensitive, ISO 26324); '' for none. */
export const doiKey = (doi: unknown): string => (typeof doi === 'string' ? doi.trim().toLowerCase() : '');

/**
 * A title as compared: accents, case, punctuation, white space and LaTeX braces left out, letters and digits of any
 * script kept ("{GPU}-Based  Café" and "gpu based cafe" are the same). '' for none.
 */
export const titleKey = (title: unknown): string =>
  typeof title === 'string'
    ? title
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]/gu, '')
    : '';

/**
 * Whether two records are the same publication: when both have a DOI, their DOIs are equal; when either has none,
 * their titles (`titleKey`, not blank) and years are equal. Two different DOIs are two publications whatever their
 * titles (a conference paper and its journal version may share one).
 */
export function samePublication(a: PublicationIdentity, b: PublicationIdentity): boolean {
  const da = doiKey(a.direct_object_identifier);
  const db = doiKey(b.direct_object_identifier);
  if (da && db) return da === db;
  const ta = titleKey(a.paper_title);
  return ta !== '' && ta === titleKey(b.paper_title) && (a.publication_year ?? null) === (b.publication_year ?? null);
}

/**
 * The stored publication an entry is, among `candidates`: the one with the same DOI first, else the first that is
 * the same by title and year (`samePublication`).
 */
export function findSame<R extends PublicationIdentity>(entry: PublicationIdentity, candidates: readonly R[]): R | undefined {
  const doi = doiKey(entry.direct_object_identifier);
  return (
    (doi ? candidates.find((c) => doiKey(c.direct_object_identifier) === doi) : undefined) ??
    candidates.find((c) => samePublication(entry, c))
  );
}

/**
 * The imported fields (`IMPORTED_FIELDS`) whose value in `from` (an entry's validated body) differs from `stored`.
 * Only fields the entry gives count: a value the file leaves out keeps the stored one. Text compares trimmed, the DOI
 * without case.
 */
export function changedFields(stored: Readonly<Record<string, unknown>>, from: Readonly<Record<string, unknown>>): string[] {
  return IMPORTED_FIELDS.filter((name) => {
    const v = from[name];
    if (v === undefined || v === null || v === '') return false;
    const old = stored[name];
    if (name === 'direct_object_identifier') return doiKey(v) !== doiKey(old);
    return typeof v === 'string' ? v.trim() !== (typeof old === 'string' ? old.trim() : old) : v !== old;
  });
}
