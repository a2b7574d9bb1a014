import { type RollupCell, type RollupRow, type RollupSection, type RollupView, pickerYears } from '@attain/shared-types';
import { Dropdown } from 'primereact/dropdown';
import { Link } from 'react-router-dom';
import { useParam } from '../../components/areas/use-param';
import { useCurrentAcademicYear } from '../../lib/format/academic-year';
import { ResultTable, type ResultColumn } from '../../components/table/result-table';
import { rollupUpdatingText, useRollup } from './api';

/** A cell as exported: its text, and for SAR readiness each program's line after it. */
const exported = (cell: RollupCell | undefined) =>
  cell ? [cell.text, ...(cell.programs ?? []).map((p) => `${p.title}: ${p.text}`)].join('; ') : '';

/**
 * A campus's SAR readiness cell: how many programs are on course (opening the campus's SAR Readiness page), then each
 * program, those not on course first, its title opening its own SAR Readiness page for the year in that campus.
 */
function ReadinessCell({ cell, campus }: { cell: RollupCell; campus: string }) {
  return (
    <div className="rollup-readiness">
      <Link to={cell.href} className="rollup-figure" aria-label={`SAR readiness, ${campus}: ${cell.text}`}>
        {cell.text}
      </Link>
      {cell.programs?.length ? (
        <ul className="rollup-programs">
          {cell.programs.map((p) => (
            <li key={p.program} className={p.on_course ? undefined : 'rollup-program-low'}>
              <Link to={p.href} aria-label={`SAR readiness of ${p.title}, ${campus}: ${p.text}`}>
                {p.title}
              </Link>
              : {p.text}
              <span className="hint rollup-format">SAR format: {p.format}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The columns of a roll-up table: the measure, then one per campus, each figure a link to the page it came from (SAR
 * readiness: a list of the campus's programs, each a link, so its column takes a card's whole width on a phone).
 */
function columnsOf(view: RollupView, section: RollupSection): ResultColumn<RollupRow>[] {
  const lists = section.key === 'sar-readiness';
  return [
    { header: 'Measure', value: (r) => r.label, wide: true },
    ...view.campuses.map((c): ResultColumn<RollupRow> => ({
      key: c.id,
      header: c.status === 'Disabled' ? `${c.name} (disabled)` : c.name,
      value: (r) => exported(r.cells[c.id]),
      render: (r) => {
        const cell = r.cells[c.id];
        if (!cell) return '-';
        if (cell.programs) return <ReadinessCell cell={cell} campus={c.name} />;
        return (
          <Link to={cell.href} className="rollup-figure" aria-label={`${r.label}, ${c.name}: ${cell.text}`}>
            {cell.text}
          </Link>
        );
      },
      priority: 2,
      ...(lists ? { wide: true, minWidth: '18rem' } : {}),
    })),
  ];
}

/**
 * `/group/rollup`: the group's campuses side by side for an academic year (`?year=`, default the server's:
 * the newest year with results in every campus that has any, not after the current academic year, captioned with why):
 * one table per section, a column per campus and a row per measure, each figure linking to the campus page it came
 * from with that campus chosen (`campus=` in its link); the SAR readiness row lists each campus's programs, each
 * opening its SAR Readiness page; the section's note under its table. On a phone each row is a card.
 */
export function RollupPage() {
  const [year, setYear] = useParam('year');
  const read = useRollup(year ?? null);
  const view = read.data;
  const shownYear = view?.academic_year ?? year ?? null;
  // The year shown, the current academic year and the five before it.
  const recent = pickerYears(useCurrentAcademicYear());
  const years = [...new Set([...(shownYear ? [shownYear] : []), ...recent])].sort().reverse();
  return (
    <section>
      <div className="page-head">
        <h2>{view ? `Roll-up of ${view.group.name}` : 'Roll-up'}</h2>
      </div>
      <div className="filter-bar" role="search" aria-label="Choose the academic year">
        <span className="filter">
          <label htmlFor="rollup-year">Academic year</label>
          <Dropdown
            inputId="rollup-year"
            value={shownYear}
            options={years.map((y) => ({ value: y, label: y }))}
            onChange={(e) => setYear(e.value as string)}
          />
        </span>
      </div>
      {view ? <p className="hint year-choice">{view.year_choice.text}</p> : null}
      {view?.updating?.length ? (
        <p className="hint updating" role="status">
          {rollupUpdatingText(view.updating, new Map(view.campuses.map((c) => [c.id, c.name])))}
        </p>
      ) : null}
      {read.isError ? <p className="field-error">The roll-up could not be read; please try again.</p> : null}
      {view
        ? view.sections.map((s, i) => (
            <section key={`${s.key}-${i}`} className="rollup-section" aria-labelledby={`rollup-${i}`}>
              <h3 id={`rollup-${i}`}>{s.title}</h3>
              <ResultTable<RollupRow>
                label={s.title}
                fileName={`rollup-${s.key}-${i + 1}-${view.academic_year}`}
                columns={columnsOf(view, s)}
                rows={s.rows}
                rowKey={(r) => r.label}
                pageSize={0}
                empty={<p className="hint">Nothing to compare in {view.academic_year} yet.</p>}
              />
              <p className="hint rollup-note">{s.note}</p>
            </section>
          ))
        : null}
    </section>
  );
}
