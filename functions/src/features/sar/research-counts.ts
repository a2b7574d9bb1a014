import {
  type EntityDef,
  type EntityRecord,
  OWNER_FIELD,
  academicYearOf,
  academicYearStarting,
  bookChapter,
  bookPublish,
  consultingTestingProject,
  patentInnovation,
  researchPublication,
  sponsoredProject,
  workshopAttended,
  workshopOrganized,
  textOf,
} from '@attain/shared-types';

/**
 * The research, IPR, funded-project, consultancy and faculty-development counts of Criterion 5 (5.5-5.7 style items),
 * from the Faculty Contribution records (source: docs/nba-sources.md, "Research, IPR, funded projects,
 * consultancy"). Each measure names its record type, which records it counts, the academic year a record falls in,
 * and for money measures the amount (rupees) it sums.
 * - A record dated only by a calendar year Y falls in the academic year starting in Y (2025 -> 2025-26); a dated one
 *   in the academic year (July-June) of its date; book chapters carry no year and are counted as "undated".
 * - A paper co-authored by several members is credited to each of them and counted once for the department: the
 *   same DOI (or, without a DOI, the same title and year) is one paper.
 */
export interface ResearchMeasure {
  key: string;
  label: string;
  entity: EntityDef;
  counts: (r: EntityRecord) => boolean;
  yearOf: (r: EntityRecord) => string | null;
  /** For money measures: the amount in rupees a record adds. */
  amount?: (r: EntityRecord) => number;
  /** For publications: the identity that makes co-authored copies one paper. */
  identity?: (r: EntityRecord) => string;
}

const calendar = (field: string) => (r: EntityRecord) => (typeof r[field] === 'number' ? academicYearStarting(r[field]) : null);
const dated = (field: string) => (r: EntityRecord) => (typeof r[field] === 'string' && r[field] ? academicYearOf(r[field]) : null);
const money = (field: string) => (r: EntityRecord) => (typeof r[field] === 'number' ? r[field] : 0);
const paperIdentity = (r: EntityRecord): string => {
  const doi = typeof r.direct_object_identifier === 'string' ? r.direct_object_identifier.trim().toLowerCase() : '';
  return doi
    ? `doi:${doi.replace(/^https?:\/\/(dx\.)?doi\.org\//, '')}`
    : `title:${textOf(r.paper_title).trim().toLowerCase()}|${textOf(r.publication_year)}`;
};
const published = (type: string) => (r: EntityRecord) => r.type === type && r.status === 'Published';

/** The measures, in the order the SAR tables show them. */
export const RESEARCH_MEASURES: readonly ResearchMeasure[] = [
  {
    key: 'journal',
    label: 'Journal papers',
    entity: researchPublication,
    counts: published('Journal'),
    yearOf: calendar('publication_year'),
    identity: paperIdentity,
  },
  {
    key: 'conference',
    label: 'Conference papers',
    entity: researchPublication,
    counts: published('Conference'),
    yearOf: calendar('publication_year'),
    identity: paperIdentity,
  },
  { key: 'books', label: 'Books', entity: bookPublish, counts: () => true, yearOf: calendar('publish_year') },
  { key: 'chapters', label: 'Book chapters', entity: bookChapter, counts: () => true, yearOf: () => null },
  {
    key: 'patents_published',
    label: 'Patents published',
    entity: patentInnovation,
    counts: (r) => r.status === 'Published',
    yearOf: calendar('year'),
  },
  {
    key: 'patents_granted',
    label: 'Patents granted',
    entity: patentInnovation,
    counts: (r) => r.status === 'Granted',
    yearOf: calendar('year'),
  },
  { key: 'funded', label: 'Funded projects', entity: sponsoredProject, counts: () => true, yearOf: calendar('year_of_sanction') },
  {
    key: 'funded_amount',
    label: 'Funding (Rs.)',
    entity: sponsoredProject,
    counts: () => true,
    yearOf: calendar('year_of_sanction'),
    amount: money('amount'),
  },
  {
    key: 'consultancy',
    label: 'Consultancy projects',
    entity: consultingTestingProject,
    counts: () => true,
    yearOf: calendar('commencement_year'),
  },
  {
    key: 'consultancy_amount',
    label: 'Consultancy revenue (Rs.)',
    entity: consultingTestingProject,
    counts: () => true,
    yearOf: calendar('commencement_year'),
    amount: money('revenue_earned'),
  },
  { key: 'fdp_attended', label: 'FDPs / workshops attended', entity: workshopAttended, counts: () => true, yearOf: dated('start_data') },
  { key: 'fdp_organised', label: 'FDPs / workshops organised', entity: workshopOrganized, counts: () => true, yearOf: dated('start_data') },
];

/** The record types the measures read (each read once for the whole campus). */
export const RESEARCH_ENTITIES: readonly EntityDef[] = [...new Set(RESEARCH_MEASURES.map((m) => m.entity))];

/** A measure's value over some records: the count (or rupees) and the records' titles it came from. */
export interface MeasureValue {
  value: number;
  titles: string[];
}

const titleOf = (r: EntityRecord): string =>
  textOf(r.paper_title) || textOf(r.project_title) || textOf(r.book_title) || textOf(r.chapter_title) || textOf(r.title) || r.id;

/**
 * A measure over the records of the given members (`records` by entity name) falling in `years`; records with no
 * year (book chapters) count whatever the years, as the tables' notes say. With `once`, co-authored papers count
 * once (the department's count).
 */
export function measure(
  m: ResearchMeasure,
  records: ReadonlyMap<string, readonly EntityRecord[]>,
  members: ReadonlySet<string>,
  years: ReadonlySet<string>,
  opts: { once?: boolean } = {},
): MeasureValue {
  const seen = new Set<string>();
  const out: MeasureValue = { value: 0, titles: [] };
  for (const r of records.get(m.entity.name) ?? []) {
    if (!members.has(textOf(r[OWNER_FIELD])) || !m.counts(r)) continue;
    const y = m.yearOf(r);
    if (y !== null && !years.has(y)) continue;
    if (opts.once && m.identity) {
      const id = m.identity(r);
      if (seen.has(id)) continue;
      seen.add(id);
    }
    out.value += m.amount ? m.amount(r) : 1;
    out.titles.push(titleOf(r));
  }
  return out;
}
