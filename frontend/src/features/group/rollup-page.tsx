import { type RollupRow, type RollupView, pickerYears } from '@attain/shared-types';
import { Dropdown } from 'primereact/dropdown';
import { Link } from 'react-router-dom';
import { useParam } from '../../components/areas/use-param';
import { useCurrentAcademicYear } from '../../lib/format/academic-year';
import { ResultTable, type ResultColumn } from '../../components/table/result-table';
import { useRollup } from './api';

/** The columns of a roll-up table: the measure, then one per campus, each figure a link to the page it came from. */
function columnsOf(view: RollupView): ResultColumn<RollupRow>[] {
  return [
    { header: 'Measure', value: (r) => r.label, wide: true },
    ...view.campuses.map((c): ResultColumn<RollupRow> => ({
      key: c.id,
      header: c.status === 'Disabled' ? `${c.name} (disabled)` : c.name,
      value: (r) => r.cells[c.id]?.text ?? '',
      render: (r) => {
        const cell = r.cells[c.id];
        if (!cell) return '-';
        return (
          <Link to={cell.href} className="rollup-figure" aria-label={`${r.label}, ${c.name}: ${cell.text}`}>
            {cell.text}
          </Link>
        );
      },
      priority: 2,
    })),
  ];
}

/**
 * `/group/rollup`: the group's campuses side by side for an academic year (`?year=`, default the server's:
 * the newest year with results in every campus that has any, not after the current academic year, captioned with why):
 * one table per section, a column per campus and a row per measure, each figure linking to the campus page it came
 * from with that campus chosen (`campus=` in its link); the section's note under its table.
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
      {read.isError ? <p className="field-error">The roll-up could not be read; please try again.</p> : null}
      {view
        ? view.sections.map((s, i) => (
            <section key={`${s.key}-${i}`} className="rollup-section" aria-labelledby={`rollup-${i}`}>
              <h3 id={`rollup-${i}`}>{s.title}</h3>
              <ResultTable<RollupRow>
                label={s.title}
                fileName={`rollup-${s.key}-${i + 1}-${view.academic_year}`}
                columns={columnsOf(view)}
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
