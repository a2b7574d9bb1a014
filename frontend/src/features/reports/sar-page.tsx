import {
  DEFAULT_SAR_VERSION,
  SAR_VERSION_LABELS,
  SAR_CRITERIA,
  SAR_WHOLE,
  type SarCriterion,
  type SarFormat,
  sarRoute,
  chosenYear,
  courseCurriculum,
  pickerYears,
} from '@attain/shared-types';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { MultiSelect, type MultiSelectChangeEvent } from 'primereact/multiselect';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { call, callUrl } from '../../app/api-client';
import { hrefWith } from '../../app/navigation';
import { qk } from '../../app/query-keys';
import { useDownload } from '../../app/use-download';
import { Pick } from '../../components/areas/pick';
import { useParam } from '../../components/areas/use-param';
import { useListQuery } from '../../components/entity/list-cache';
import { useProgramPicker } from '../../components/entity/program-picker';
import { loadMoreFooter } from '../../components/entity/load-more';
import { useCurrentAcademicYear } from '../../lib/format/academic-year';
import { PrintButton } from './print-button';
import { ReportBody } from './report-body';

/** What each criterion covers, beside its checkbox. */
const CRITERIA_TEXT: Readonly<Record<SarCriterion, string>> = {
  '3': 'Criterion 3: course outcomes and program outcomes',
  '5': 'Criterion 5: faculty information and contributions',
};

/**
 * The export's files and their buttons: the SAR to submit (NBA's words only), and the team's review copy with every
 * figure's notes and "Review copy" on every page (`review=1`).
 */
const FILES = [
  { key: 'docx', format: 'docx', review: false, label: 'Download DOCX', icon: 'pi pi-file-word' },
  { key: 'pdf', format: 'pdf', review: false, label: 'Download PDF', icon: 'pi pi-file-pdf' },
  { key: 'docx-review', format: 'docx', review: true, label: 'Review copy (DOCX)', icon: 'pi pi-file-edit' },
  { key: 'pdf-review', format: 'pdf', review: true, label: 'Review copy (PDF)', icon: 'pi pi-file-edit' },
] as const;

/** Comma-separated ids from the address, in order, without blanks. */
const listOf = (v: string | undefined) => (v ? v.split(',').filter(Boolean) : []);

/**
 * `/reports/sar`: the NBA Self Assessment Report export of a program (`GET /api/reports/sar/{program}`). The person
 * picks the program, the report's year (labelled CAY in its tables: the campus's current academic year or one of the
 * five before; none picked: the server's default, the campus's current academic year, which the page then names with
 * the reason, e.g. "2025-26: the current academic year"), the criteria (3 and/or 5, at
 * least one) and, optionally, the courses whose articulation matrices Criterion 3.1 shows (none chosen: every
 * course with a matrix); program, year and criteria are kept in the address. The program's SAR version is shown with a link to the
 * program in Configuration, where an admin changes it. 'Show' draws the SAR's tables on the page (figures traceable
 * as in every report, the team's review copy); 'Download DOCX' / 'Download PDF' fetch the SAR to submit (NBA's words,
 * no figure notes) and 'Review copy (DOCX)' / '(PDF)' the team's copy with every figure's notes, with the user's
 * token, saying "Preparing..." while the server writes it and the server's reason when it fails.
 */
export function SarPage() {
  const { programId, record, picker: programPicker } = useProgramPicker();
  const current = useCurrentAcademicYear();
  const years = pickerYears(current);
  // No year in the address: the server picks the campus's current academic year (the rule every results page follows).
  const [year, setYear] = useParam('year');
  const [criteriaParam, setCriteria] = useParam('criteria');
  // `all`: the whole SAR of the program's format (every criterion in NBA's order), Criteria 3 and 5 included.
  const whole = criteriaParam === SAR_WHOLE;
  const criteria = whole || !criteriaParam ? [...SAR_CRITERIA] : SAR_CRITERIA.filter((c) => listOf(criteriaParam).includes(c));
  // The courses picked for 3.1 belong to the program they were picked under.
  const [picked, setPicked] = useState<{ program: string | undefined; ids: string[] }>({ program: undefined, ids: [] });
  const courses = picked.program === programId ? picked.ids : [];
  const courseList = useListQuery(courseCurriculum, programId && criteria.includes('3') ? { program: programId } : null);

  const query = (format: SarFormat, review: boolean) => ({
    ...(year ? { year } : {}),
    criteria: whole ? SAR_WHOLE : criteria.join(','),
    ...(courses.length && criteria.includes('3') ? { courses: courses.join(',') } : {}),
    format,
    ...(review ? { review: '1' as const } : {}),
  });
  const [shown, setShown] = useState<{ program: string; filters: ReturnType<typeof query> } | null>(null);
  const sar = useQuery({
    queryKey: qk.sar(shown?.program ?? '', shown?.filters ?? {}),
    queryFn: async () => (await call(sarRoute, { params: { program: shown?.program ?? '' }, query: shown?.filters })).data,
    enabled: shown !== null,
  });
  const files = useDownload('The SAR');
  const toggle = (c: SarCriterion, on: boolean) => {
    const next = SAR_CRITERIA.filter((x) => (x === c ? on : criteria.includes(x)));
    if (next.length) setCriteria(next.length === SAR_CRITERIA.length ? null : next.join(','));
  };
  const acronym = (record?.acronym || record?.title || 'program').replace(/[^A-Za-z0-9]+/g, '-');
  const view = shown ? sar.data : undefined;

  return (
    <section className="report-page sar-page">
      <div className="page-head">
        <h2>NBA SAR Export</h2>
        <PrintButton disabled={!view} />
      </div>
      <p className="hint report-purpose">Criterion 3 and 5 tables of the NBA Self Assessment Report, on the page or as DOCX or PDF.</p>
      <div className="report-pickers">
        <div className="filter-bar" role="group" aria-label="SAR for">
          {programPicker}
          <Pick
            id="pick-cay"
            label="Year of the report (its CAY)"
            value={year ?? view?.year_choice.year}
            placeholder="The current academic year"
            showClear
            options={[...new Set([...(view ? [view.year_choice.year] : []), ...years])]
              .sort()
              .reverse()
              .map((y) => ({ value: y, label: y }))}
            onChange={(v) => setYear(v ?? null)}
          />
        </div>
        <p className="hint year-choice">
          {view ? view.year_choice.text : year ? chosenYear(year, current).text : `${current}: the current academic year`}
        </p>
        <fieldset className="sar-criteria">
          <legend>Criteria</legend>
          <label className="sar-criterion">
            <input type="checkbox" checked={whole} onChange={(e) => setCriteria(e.target.checked ? SAR_WHOLE : null)} /> The whole SAR:
            every criterion of the program’s format in NBA’s order, with Part A, the team’s sections and the declaration
          </label>
          {SAR_CRITERIA.map((c) => (
            <label key={c} className="sar-criterion">
              <input
                type="checkbox"
                checked={whole || criteria.includes(c)}
                // The last criterion left stays: the export needs at least one; the whole SAR has both.
                disabled={whole || (criteria.length === 1 && criteria.includes(c))}
                onChange={(e) => toggle(c, e.target.checked)}
              />{' '}
              {CRITERIA_TEXT[c]}
            </label>
          ))}
          <p className="hint">At least one criterion.</p>
        </fieldset>
        {criteria.includes('3') ? (
          <div className="filter-bar">
            <span className="filter sar-courses">
              <label htmlFor="pick-sar-courses">Courses in Criterion 3.1 (course articulation matrices)</label>
              <MultiSelect
                inputId="pick-sar-courses"
                value={courses}
                options={courseList.rows.map((c) => ({ value: c.id, label: `${c.code ?? ''} ${c.title}`.trim() }))}
                placeholder="All courses with a matrix"
                filter
                display="chip"
                panelFooterTemplate={loadMoreFooter(courseList)}
                onChange={(e: MultiSelectChangeEvent) => setPicked({ program: programId, ids: e.value })}
              />
            </span>
          </div>
        ) : null}
      </div>
      {record ? (
        <p className="sar-version">
          SAR format: <strong>{SAR_VERSION_LABELS[record.sar_version ?? DEFAULT_SAR_VERSION]}</strong>.{' '}
          <Link
            to={hrefWith('/configuration/program', { department: typeof record.department === 'string' ? record.department : undefined })}
          >
            Change it in Configuration &gt; Program
          </Link>{' '}
          (administrators).
        </p>
      ) : null}
      <div className="page-tools sar-actions">
        <Button
          label="Show"
          icon="pi pi-eye"
          disabled={!programId}
          onClick={() => programId && setShown({ program: programId, filters: query('json', true) })}
        />
        {FILES.map((f) => (
          <Button
            key={f.key}
            label={files.busy === f.key ? `Preparing ${f.format.toUpperCase()}...` : f.label}
            icon={f.icon}
            outlined
            loading={files.busy === f.key}
            disabled={!programId || files.busy !== null}
            onClick={() =>
              programId &&
              void files.download(
                f.key,
                callUrl(sarRoute, { params: { program: programId }, query: query(f.format, f.review) }),
                `SAR-${acronym}-${year ?? view?.year_choice.year ?? current}${f.review ? '-review' : ''}.${f.format}`,
              )
            }
          />
        ))}
      </div>
      {files.busy ? (
        <p className="hint" role="status">
          The server is writing the SAR; this can take a minute.
        </p>
      ) : null}
      {files.error ? (
        <p className="field-error" role="alert">
          {files.error}
        </p>
      ) : null}
      {/* What the SAR was made for (program, years by NBA's labels, formulas, method version) is its own context list. */}
      {view ? <ReportBody view={view} /> : null}
    </section>
  );
}
