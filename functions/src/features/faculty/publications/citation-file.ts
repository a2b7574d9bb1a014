import { MAX_PUBLICATION_IMPORT_ENTRIES, type PublicationFileFormat } from '@attain/shared-types';
import { HttpError } from '../../../platform/lib/errors.js';
import { readBibtex } from './bibtex-entries.js';
import type { CitationEntry } from './citation-entry.js';
import { looksLikeRis, readRis } from './ris-entries.js';

/** Whether the text has a BibTeX entry opening (`@article{`, `@InProceedings (`). */
const looksLikeBibtex = (text: string): boolean => /@[A-Za-z]+\s*[{(]/.test(text);

/**
 * Reads an uploaded bibliography: RIS when a line opens a RIS record (`TY  - `), else BibTeX when an entry opens
 * (`@type{`); which one is told by the content, never by a file name. A byte-order mark is ignored. BibTeX entries
 * that cannot be read come back with their `problem` (and are skipped by the import) as long as one can be read.
 * @returns the format and its entries in file order (at least one, at most `MAX_PUBLICATION_IMPORT_ENTRIES`)
 * @throws HttpError 400 with `errors.fields.file`: an empty file, one that is neither format, one with no entries, one
 * with more than `MAX_PUBLICATION_IMPORT_ENTRIES`, or BibTeX none of whose entries can be read (the first problem
 * and its line in `errors.detail`)
 */
export function readCitationFile(text: string): { format: PublicationFileFormat; entries: CitationEntry[] } {
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) throw new HttpError(400, 'The file is empty', { file: 'Required' });
  if (looksLikeRis(body)) {
    const entries = readRis(body);
    if (entries.length) return { format: 'ris', entries: atMostMax(entries) };
  }
  if (!looksLikeBibtex(body))
    throw new HttpError(400, 'The file is neither BibTeX (@article{...}) nor RIS (TY  - JOUR ... ER  - )', { file: 'Not BibTeX or RIS' });
  const entries = readBibtex(body);
  if (!entries.length) throw new HttpError(400, 'The file holds no BibTeX entries', { file: 'No entries' });
  // Some entries read: the others are listed as skipped. None read: the file as a whole is refused.
  const unreadable = entries.find((e) => e.problem);
  if (entries.every((e) => e.problem))
    throw new HttpError(400, `The BibTeX file could not be read ${unreadable?.problem}`, { file: 'Not readable' });
  return { format: 'bibtex', entries: atMostMax(entries) };
}

/** The entries, when there are at most `MAX_PUBLICATION_IMPORT_ENTRIES`. @throws HttpError 400 */
function atMostMax(entries: CitationEntry[]): CitationEntry[] {
  if (entries.length <= MAX_PUBLICATION_IMPORT_ENTRIES) return entries;
  const max = MAX_PUBLICATION_IMPORT_ENTRIES.toLocaleString('en');
  throw new HttpError(400, `The file holds ${entries.length.toLocaleString('en')} entries; import at most ${max} at a time`, {
    file: 'Too many entries',
  });
}
