import { f } from '../../registry/field.js';
import { EVENT_LEVELS, PUBLICATION_STATUSES, PUBLICATION_TYPES } from './choices.js';
import { personalRecord } from './personal-record.js';

/** Syntax of a DOI (ISO 26324; Crossref's pattern for modern DOIs): `10.<registrant>/<suffix>`. */
export const DOI_PATTERN = /^10\.\d{4,9}\/\S+$/;

/**
 * Research publication (spec part 2 §3 and §5): a journal or conference paper. The DOI
 * (`direct_object_identifier`, spelled so) is checked by its syntax; publication years 1900-2100.
 */
export const researchPublication = personalRecord({
  name: 'research-publication',
  label: 'Research publication',
  path: '/api/Research-Publication',
  fields: [
    f.string('paper_title', 'Paper title', { required: true, max: 500 }),
    f.enum('type', 'Type', PUBLICATION_TYPES, { required: true }),
    f.string('journal_title', 'Journal or conference', { required: true, max: 300 }),
    f.enum('status', 'Status', PUBLICATION_STATUSES, { required: true }),
    f.enum('level_status', 'Level', EVENT_LEVELS, { required: true }),
    f.text('authors', 'Authors', { max: 2000 }),
    f.text('abstract', 'Abstract', { max: 5000 }),
    f.int('publication_year', 'Publication year', { min: 1900, max: 2100 }),
    f.string('publisher', 'Publisher', { max: 200 }),
    f.string('volume_no', 'Volume', { max: 20 }),
    f.string('issue_no', 'Issue', { max: 20 }),
    f.string('page_no', 'Pages', { max: 20 }),
    f.string('issn_isbn', 'ISSN / ISBN', { max: 30 }),
    f.string('direct_object_identifier', 'DOI', { max: 200 }),
    f.string('published_url', 'Published URL', { max: 500 }),
    f.string('index_terms', 'Index terms', { max: 500 }),
    f.string('scopus_sci_peer_reviewed', 'Indexed in (Scopus, SCI, peer reviewed)', { max: 100 }),
    f.number('impact_factor', 'Impact factor', { min: 0, max: 1000 }),
    f.int('h_index', 'h-index', { min: 0, max: 10_000 }),
    f.int('i10_index', 'i10-index', { min: 0, max: 100_000 }),
    f.boolean('awards_it_has_won', 'Has won awards'),
    f.boolean('institution_affliation', 'With institution affiliation'),
  ],
  columns: ['paper_title', 'journal_title', 'type', 'publication_year', 'status', 'level_status'],
  display: 'paper_title',
  checks: (d): Record<string, string> =>
    typeof d.direct_object_identifier === 'string' && d.direct_object_identifier && !DOI_PATTERN.test(d.direct_object_identifier)
      ? { direct_object_identifier: 'Not a valid DOI (10.xxxx/...)' }
      : {},
});
