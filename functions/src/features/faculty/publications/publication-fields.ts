import { EVENT_LEVELS, type FieldDef, PUBLICATION_STATUSES, PUBLICATION_TYPES, researchPublication } from '@attain/shared-types';
import type { CitationEntry } from './citation-entry.js';

/** A publication level (`level_status`): the files carry none, so the importer chooses one for new records. */
export type PublicationLevel = (typeof EVENT_LEVELS)[number];

/** The research publication's field definitions, as plain `FieldDef`s. */
export const PUBLICATION_FIELDS: readonly FieldDef[] = researchPublication.fields;

/** The research-publication fields an import sets from a file; a matched record keeps every other field. */
export const IMPORTED_FIELDS = [
  'paper_title',
  'type',
  'journal_title',
  'authors',
  'abstract',
  'publication_year',
  'publisher',
  'volume_no',
  'issue_no',
  'page_no',
  'issn_isbn',
  'direct_object_identifier',
  'published_url',
  'index_terms',
] as const;

/** Entry kinds (BibTeX types, RIS `TY` codes) that are journal papers, and those that are conference papers. */
const JOURNAL_KINDS = new Set(['article', 'JOUR', 'JFULL', 'EJOUR', 'MGZN', 'INPR']);
const CONFERENCE_KINDS = new Set(['inproceedings', 'conference', 'CONF', 'CPAPER']);

/** `https://doi.org/10.1/x`, `http://dx.doi.org/...`, `doi:10.1/x` -> `10.1/x`. */
const DOI_PREFIX = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i;

/**
 * The DOI as stored: without a resolver or `doi:` prefix, URL escapes decoded, white space removed; `undefined` for
 * a blank one. The case is kept (DOIs compare without case, see `doiKey`).
 */
export function normaliseDoi(doi: string | undefined): string | undefined {
  if (!doi) return undefined;
  let s = doi.trim().replace(DOI_PREFIX, '');
  if (/%[0-9A-Fa-f]{2}/.test(s)) {
    try {
      s = decodeURIComponent(s);
    } catch {
      // Left as written: the DOI check reports it if it is not a DOI.
    }
  }
  return s.replace(/\s+/g, '') || undefined;
}

/** A field's largest length, from the entity definition. */
const maxOf = (name: string): number => PUBLICATION_FIELDS.find((f) => f.name === name)?.max ?? 200;

/** Cuts a list joined with ", " after its last whole item that fits `max` with `tail` added. */
function cutList(items: readonly string[], max: number, tail: string): string {
  const out: string[] = [];
  for (const item of items) {
    if ([...out, item].join(', ').length + tail.length > max) break;
    out.push(item);
  }
  return out.join(', ') + tail;
}

/** The year of a `year`/`date` value (`2005`, `2005-03-01`, `2005///`, `March 2005`), or undefined. */
const yearOf = (v: string | undefined): number | undefined => {
  const m = v ? /(?:^|\D)(\d{4})(?:\D|$)/.exec(v) : null;
  return m ? Number(m[1]) : undefined;
};

/**
 * A research publication's body from one file entry, before validation (the caller checks it with `validateBody`):
 * title -> `paper_title`, journal or proceedings -> `journal_title`, authors "Given Family, ..." -> `authors`,
 * pages, volume, number, year, publisher, ISSN (else ISBN), DOI (prefix removed; taken from a doi.org URL when the
 * entry has no DOI), URL and keywords (", "-joined) -> `index_terms`. `@article` and journal RIS kinds are
 * Journal, `@inproceedings`/`@conference`/`CONF`/`CPAPER` Conference; status Published (Accepted for RIS `INPR`,
 * in press); `level` is the level given to new records. Free text that is too long is shortened (abstract with
 * "…", authors and keywords after a whole name or keyword, authors ending "et al."), each noted in `notes`.
 * @returns the body and notes, or the reason the entry is not a journal or conference paper
 */
export function publicationFields(
  e: CitationEntry,
  level: PublicationLevel,
): { body: Record<string, unknown>; notes: string[] } | { reason: string } {
  const type: (typeof PUBLICATION_TYPES)[number] | undefined = JOURNAL_KINDS.has(e.kind)
    ? 'Journal'
    : CONFERENCE_KINDS.has(e.kind)
      ? 'Conference'
      : undefined;
  if (!type)
    return {
      reason: `A ${e.kind || 'untyped'} entry is not a journal or conference paper (books and chapters have their own pages)`,
    };
  const status: (typeof PUBLICATION_STATUSES)[number] = e.kind === 'INPR' ? 'Accepted' : 'Published';
  const notes: string[] = [];
  const yearText = e.year?.trim();
  const year = yearOf(yearText);
  if (yearText && year === undefined) notes.push(`The year "${yearText.slice(0, 20)}" was not read`);

  let authors = e.authors.length ? e.authors.join(', ') : undefined;
  if (authors && authors.length > maxOf('authors')) {
    authors = cutList(e.authors, maxOf('authors'), ', et al.');
    notes.push(`Authors shortened to ${maxOf('authors').toLocaleString('en')} characters`);
  }
  let abstract = e.abstract;
  if (abstract && abstract.length > maxOf('abstract')) {
    abstract = `${abstract.slice(0, maxOf('abstract') - 1).trimEnd()}…`;
    notes.push(`Abstract shortened to ${maxOf('abstract').toLocaleString('en')} characters`);
  }
  let keywords = e.keywords.length ? e.keywords.join(', ') : undefined;
  if (keywords && keywords.length > maxOf('index_terms')) {
    keywords = cutList(e.keywords, maxOf('index_terms'), '');
    notes.push(`Index terms shortened to ${maxOf('index_terms').toLocaleString('en')} characters`);
  }
  const doi = normaliseDoi(e.doi) ?? (e.url && DOI_PREFIX.test(e.url) ? normaliseDoi(e.url) : undefined);
  const issn = (e.issn ?? e.isbn)?.split(/[,;]/)[0]?.trim();
  const body: Record<string, unknown> = {
    paper_title: e.title,
    type,
    journal_title: e.container,
    status,
    level_status: level,
    authors,
    abstract,
    publication_year: year,
    publisher: e.publisher,
    volume_no: e.volume,
    issue_no: e.issue,
    page_no: e.pages,
    issn_isbn: issn,
    direct_object_identifier: doi,
    published_url: e.url,
    index_terms: keywords,
  };
  for (const k of Object.keys(body)) if (body[k] === undefined || body[k] === '') delete body[k];
  return { body, notes };
}
