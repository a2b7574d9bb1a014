import { BOOK_KINDS, type CampusScope, type ReportView, textReference } from '@attain/shared-types';
import { courseSections, loadCurriculum, recordsPerCourse } from '../report-curriculum.js';
import type { ReportQuery } from '../report-query.js';
import { column, reportTable, reportView } from '../report-shape.js';

/**
 * `text-ref`: per course, its text books and then its reference books (each kind by title): kind, title, authors,
 * publisher, edition and year. Courses without books are left out. 404 for a picked id not of the campus.
 */
export async function textRef(scope: CampusScope, query: ReportQuery): Promise<ReportView> {
  const cr = await loadCurriculum(scope, query);
  const books = await recordsPerCourse(scope, textReference, cr.courses);
  const sections = courseSections(cr, (course) => {
    const list = [...(books.get(course.id) ?? [])].sort(
      (a, b) => BOOK_KINDS.indexOf(a.kind) - BOOK_KINDS.indexOf(b.kind) || a.title.localeCompare(b.title),
    );
    if (!list.length) return [];
    return [
      reportTable(
        `books-${course.id}`,
        'Text and reference books',
        [
          column('kind', 'Kind'),
          column('title', 'Title'),
          column('authors', 'Authors'),
          column('publisher', 'Publisher'),
          column('edition', 'Edition'),
          column('year', 'Year'),
        ],
        list.map((b) => ({
          kind: b.kind,
          title: b.title,
          authors: b.authors,
          publisher: b.publisher ?? '',
          edition: b.edition ?? '',
          year: b.year ?? null,
        })),
      ),
    ];
  });
  return reportView(
    'text-ref',
    cr.context,
    sections,
    'No course here has text or reference books yet: add them under Curriculum > Text/reference books',
  );
}
