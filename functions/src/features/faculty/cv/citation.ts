import { bookChapter, bookPublish, researchPublication } from '@attain/shared-types';

/** A record's citation line and the fields it shows (the CV lists the type's other filled fields beside it). */
export interface Citation {
  line: string;
  used: readonly string[];
}

/** A record's value as trimmed text ('' when absent). */
type Text = (field: string) => string;

const join = (parts: readonly string[], sep = ', ') => parts.filter(Boolean).join(sep);
/** Ends a sentence with a full stop unless it already ends in punctuation. */
const stop = (s: string) => (s && !/[.!?]$/.test(s) ? `${s}.` : s);

const CITATIONS: Readonly<Record<string, { used: readonly string[]; line: (t: Text) => string }>> = {
  // Authors, "Title," Journal, 12(3), pp. 45-67, 2024. DOI 10.1000/x (Accepted)
  [researchPublication.name]: {
    used: [
      'authors',
      'paper_title',
      'journal_title',
      'volume_no',
      'issue_no',
      'page_no',
      'publication_year',
      'direct_object_identifier',
      'status',
    ],
    line: (t) => {
      const volume =
        t('volume_no') && t('issue_no') ? `${t('volume_no')}(${t('issue_no')})` : t('volume_no') || (t('issue_no') && `(${t('issue_no')})`);
      const pages = t('page_no') && (/[-–]/.test(t('page_no')) ? `pp. ${t('page_no')}` : `p. ${t('page_no')}`);
      const main = stop(join([t('authors'), `"${t('paper_title')}"`, t('journal_title'), volume, pages, t('publication_year')]));
      const status = t('status') && t('status') !== 'Published' ? ` (${t('status')})` : '';
      return `${main}${t('direct_object_identifier') ? ` DOI ${t('direct_object_identifier')}` : ''}${status}`;
    },
  },
  // "Title" (Text Book), with co-authors. Publisher, 2023. ISBN 978-...
  [bookPublish.name]: {
    used: ['book_title', 'type', 'book_type', 'co_author', 'published_in', 'publish_year', 'isbn'],
    line: (t) =>
      join(
        [
          stop(join([`"${t('book_title')}" (${t('book_type') || t('type')})`, t('co_author') && `with ${t('co_author')}`])),
          stop(join([t('published_in'), t('publish_year')])),
          t('isbn') && stop(`ISBN ${t('isbn')}`),
        ],
        ' ',
      ),
  },
  // Authors, "Chapter," in Book, Editors (Eds.). ISBN ...
  [bookChapter.name]: {
    used: ['author', 'chapter_title', 'book_title', 'editor', 'isbn'],
    line: (t) =>
      join(
        [
          stop(join([t('author'), `"${t('chapter_title')}"`, `in ${t('book_title')}`, t('editor') && `${t('editor')} (Eds.)`])),
          t('isbn') && stop(`ISBN ${t('isbn')}`),
        ],
        ' ',
      ),
  },
};

/**
 * The citation line of a publication, a book or a book chapter (authors, title, journal, volume(issue), pages, year,
 * DOI; publisher and ISBN for books), from its values in words (`text`); undefined for the other record types,
 * which the CV shows as a table of their fields.
 */
export function citationOf(entityName: string, text: (field: string) => string): Citation | undefined {
  const c = CITATIONS[entityName];
  if (!c) return undefined;
  const t: Text = (f) => text(f).trim();
  return { line: c.line(t), used: c.used };
}
