import { type RecordOf, courseCurriculum, occasion } from '@attain/shared-types';
import { Button } from 'primereact/button';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FilterBar } from '../../components/entity/filter-bar';
import { useOccasionLists } from '../../components/entity/list-cache';
import { LoadMore } from '../../components/entity/load-more';
import { QuestionPaperButton } from '../../components/entity/question-paper-button';
import { useRefRecords } from '../../components/entity/ref-records';
import { MarksSheetPage } from './marks-sheet-page';
import { ResultTable } from '../../components/table/result-table';
import { hrefWith } from '../../app/navigation';
import { fieldText } from '../../lib/format/field-text';
import { formatDate, useLocale } from '../../lib/format/locale';
import { presentParams } from '../../app/search-params';

const FILTERS = ['department', 'program', 'curriculum', 'term'] as const;
type Occasion = RecordOf<typeof occasion>;
/** A course's core/elective field: its choices are shown in words. */
const COURSE_KIND = courseCurriculum.fields.find((f) => f.name === 'type');

/**
 * `/attainment`, `/attainment/ise-mse-data-import` (ISE and MSE) and `/attainment/ese-data-import` (ESE): the
 * occasions with the department, program, curriculum and term filters and the spec's columns (the occasion's, plus
 * credits, total_marks, details and manage_marks), read a server page at a time per kind; the courses' code, title
 * and credits are read for the occasions shown only (`?ids=`). `?occasion=` opens that occasion's marks sheet.
 */
export function MarksListPage({ kinds, title, base }: { kinds: readonly string[]; title: string; base: string }) {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('occasion');
  const locale = useLocale();
  const values = useMemo(() => presentParams(params, FILTERS), [params]);
  const query = new URLSearchParams(values).toString();
  const lists = useOccasionLists(kinds, chosen ? null : values);
  const rows = lists.isPending ? null : lists.rows;
  const courses = useRefRecords(lists.pages.map((p) => ({ target: courseCurriculum, ids: p.data.map((r) => r.course) })));
  if (chosen) return <MarksSheetPage occasionId={chosen} back={`${base}${query ? `?${query}` : ''}`} />;
  const course = (r: Occasion) => courses(courseCurriculum, r.course);
  return (
    <section>
      <div className="page-head">
        <h2>{title}</h2>
      </div>
      <FilterBar def={occasion} fields={FILTERS} values={values} onChange={(v) => setParams(v, { replace: true })} />
      {rows === null ? <p className="hint">Loading…</p> : null}
      {rows ? (
        <ResultTable<Occasion>
          label={title}
          fileName={title.toLowerCase().replace(/\W+/g, '-')}
          rows={[...rows].sort((a, b) => (b.held_on ?? '').localeCompare(a.held_on ?? '') || a.name.localeCompare(b.name))}
          rowKey={(r) => r.id}
          actions={(r) => (
            <>
              <QuestionPaperButton occasion={r} />
              <Button
                icon="pi pi-table"
                label="Marks"
                text
                size="small"
                aria-label={`Marks of ${r.name} ${course(r)?.code ?? ''}`}
                onClick={() => setParams({ ...values, occasion: r.id })}
              />
            </>
          )}
          empty={
            <p className="hint">
              No {kinds.join('/')} occasions here yet:{' '}
              <Link to={hrefWith('/assessments/manage-ise-mse-occassion', values)}>add them under Assessments &gt; ISE/MSE Occasions</Link>.
            </p>
          }
          columns={[
            { header: 'Occasion', value: (r) => r.name },
            { header: 'Examination', value: (r) => r.kind },
            { header: 'Section', value: (r) => r.section ?? '' },
            { header: 'Course code', value: (r) => course(r)?.code ?? '' },
            { header: 'Course title', value: (r) => course(r)?.title ?? '' },
            {
              priority: 3,
              header: 'Core/elective',
              value: (r) => fieldText(COURSE_KIND, course(r)?.type, locale),
            },
            { priority: 3, header: 'Credits', value: (r) => course(r)?.total_credits ?? '' },
            { priority: 3, header: 'Total marks', value: (r) => r.total_marks },
            {
              header: 'Date',
              value: (r) => r.held_on ?? '',
              render: (r) => (r.held_on ? formatDate(r.held_on, locale) : ''),
            },
            { priority: 3, header: 'Status', value: (r) => r.status ?? '' },
          ]}
        />
      ) : null}
      <LoadMore list={lists} />
    </section>
  );
}
