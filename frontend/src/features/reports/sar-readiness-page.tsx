import { type ReadinessItem, type SarReadinessView, pickerYears, sarReadinessRoute } from '@attain/shared-types';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'primereact/tag';
import { Link } from 'react-router-dom';
import { call } from '../../app/api-client';
import { hrefWith } from '../../app/navigation';
import { qk } from '../../app/query-keys';
import { Pick } from '../../components/areas/pick';
import { useParam } from '../../components/areas/use-param';
import { useProgramPicker } from '../../components/entity/program-picker';
import { useCurrentAcademicYear } from '../../lib/format/academic-year';
import { FigureButton } from './figure-button';

/** How an item is written, in people words. */
const KIND_TEXT: Readonly<Record<ReadinessItem['kind'], string>> = {
  computed: 'From data',
  narrative: 'Written',
  table: 'Written, with tables',
};

/** The marks an item counts and where they come from, as a sentence with the way to change them. */
function ItemSource({ item, write }: { item: ReadinessItem; write: string }) {
  if (item.source === 'computed' && item.computed) return <FigureButton figure={item.computed} label={`the marks of ${item.number}`} />;
  const s = item.section;
  const link = (
    <Link to={write} aria-label={`${s ? 'Open' : 'Write'} ${item.number}`}>
      {s ? 'Open' : 'Write'}
    </Link>
  );
  if (item.kind === 'computed' && item.computed && item.computed.value === null)
    return (
      <span>
        <FigureButton figure={item.computed} label={`the marks of ${item.number}`} /> {item.computed.note}
      </span>
    );
  if (!s) return <span>Not written yet. {link}</span>;
  return (
    <span>
      {s.status}
      {s.claimed !== null ? `: ${s.claimed} claimed by ${s.claimed_by}${s.reason ? ` (${s.reason})` : ''}` : ': no marks claimed'}
      {s.written ? '' : ', text not written'}
      {s.evidence ? `, ${s.evidence} evidence file${s.evidence === 1 ? '' : 's'}` : ''}. {link}
    </span>
  );
}

/** The outcome's tag colour: six years, three years, not accredited. */
const outcomeSeverity = (v: SarReadinessView) =>
  v.outcome === 'Accredited for 6 years' ? 'success' : v.outcome === 'Accredited for 3 years' ? 'warning' : 'danger';

/**
 * `/reports/sar-readiness`: a program's readiness for NBA accreditation under its SAR format
 * (`GET /api/reports/sar/{program}/readiness`): the total and the outcome NBA's rule projects, what holds the program
 * back, and every criterion's items with the marks they count: from the data (each opening its trace), claimed in the
 * team's section (who, why, its status and evidence), or not written yet (a link to write it). Program and year are
 * kept in the address; no year: the SAR export's.
 */
export function SarReadinessPage() {
  const { programId, record, picker } = useProgramPicker();
  const current = useCurrentAcademicYear();
  const [year, setYear] = useParam('year');
  const readiness = useQuery({
    queryKey: qk.sarReadiness(programId ?? '', year ?? ''),
    queryFn: async () => (await call(sarReadinessRoute, { params: { program: programId ?? '' }, query: year ? { year } : {} })).data,
    enabled: Boolean(programId),
  });
  const v = readiness.data;
  const write = (item: string) =>
    hrefWith('/reports/sar-sections', {
      program: programId,
      sar_format: v?.format.id,
      academic_year: v?.year_choice.year,
      item,
    });
  return (
    <section className="report-page sar-readiness">
      <div className="page-head">
        <h2>SAR Readiness</h2>
      </div>
      <p className="hint report-purpose">
        Each criterion’s marks from the program’s data or the team’s claims, NBA’s decision rule applied, and what holds the program back.
      </p>
      <div className="filter-bar" role="group" aria-label="Readiness of">
        {picker}
        <Pick
          id="pick-readiness-year"
          label="Year of the report (its CAY)"
          value={year ?? v?.year_choice.year}
          placeholder="As the SAR export"
          showClear
          options={pickerYears(current).map((y) => ({ value: y, label: y }))}
          onChange={(y) => setYear(y ?? null)}
        />
      </div>
      {!programId ? <p className="hint">Choose a program.</p> : null}
      {readiness.isPending && programId ? <p className="hint">Reading the program’s data…</p> : null}
      {readiness.error ? <p role="alert">{readiness.error.message}</p> : null}
      {v ? (
        <>
          <p className="hint year-choice">{v.year_choice.text}</p>
          <p className="sar-version">
            SAR format: <strong>{v.format.label}</strong> ({v.format.document}).{' '}
            <Link
              to={hrefWith('/configuration/program', {
                department: typeof record?.department === 'string' ? record.department : undefined,
              })}
            >
              Change it in Configuration &gt; Program
            </Link>
          </p>
          {v.pos.mismatch ? (
            <p className="field-error readiness-pos" role="note">
              <strong>POs differ from the format:</strong> {v.pos.mismatch}{' '}
              {v.pos.movable ? (
                <Link to={hrefWith('/configuration/generic-program-outcomes', { program: v.program, move: '1' })}>
                  Preview the move to 11 POs
                </Link>
              ) : null}
            </p>
          ) : null}
          <div className="readiness-summary" aria-live="polite">
            <p>
              <strong className="readiness-total">{v.total.toFixed(2)}</strong> of 1000 marks:{' '}
              <Tag className="status-tag" severity={outcomeSeverity(v)} value={v.outcome} />
            </p>
            <p className="hint">{v.rule}</p>
            <p className="hint">
              {v.counts.computed} items computed from data, {v.counts.written} sections written, {v.counts.not_written} not written yet.
            </p>
          </div>
          {v.holding_back.length ? (
            <section aria-labelledby="holding-back">
              <h3 id="holding-back">What holds the program back</h3>
              <ul className="holding-back">
                {v.holding_back.map((h) => (
                  <li key={h.criterion}>
                    <strong>
                      Criterion {h.criterion}, {h.title}
                    </strong>
                    : {h.percent.toFixed(2)} %{h.line !== null ? ` (needs ${h.line} %)` : ''}. Most to gain:{' '}
                    {h.lifts.map((l) => `${l.number} ${l.title} (up to ${l.gain})`).join('; ') || 'nothing left to claim'}.
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <table className="result-table readiness-table readiness-criteria">
            <caption>Criteria of {v.format.label}</caption>
            <thead>
              <tr>
                <th scope="col">Criterion</th>
                <th scope="col">Marks</th>
                <th scope="col">Percent</th>
              </tr>
            </thead>
            <tbody>
              {v.criteria.map((c) => (
                <tr key={c.number} className={v.holding_back.some((h) => h.criterion === c.number) ? 'readiness-low' : undefined}>
                  <th scope="row">
                    {c.number}. {c.title}
                  </th>
                  <td data-label="Marks">
                    {c.awarded.toFixed(2)} of {c.max}
                  </td>
                  <td data-label="Percent">{c.percent.toFixed(2)} %</td>
                </tr>
              ))}
            </tbody>
          </table>
          {v.criteria.map((c) => (
            <details key={c.number} className="readiness-criterion">
              <summary>
                Criterion {c.number}: {c.title} ({c.awarded.toFixed(2)} of {c.max})
              </summary>
              <table className="result-table readiness-table">
                <caption>Items of criterion {c.number}</caption>
                <thead>
                  <tr>
                    <th scope="col">Item</th>
                    <th scope="col">How</th>
                    <th scope="col">Marks</th>
                    <th scope="col">From</th>
                  </tr>
                </thead>
                <tbody>
                  {c.items.map((i) => (
                    <tr key={i.number}>
                      <th scope="row">
                        {i.number} {i.title}
                        {i.note ? <span className="hint item-note"> {i.note}</span> : null}
                      </th>
                      <td data-label="How">{KIND_TEXT[i.kind]}</td>
                      <td data-label="Marks">
                        {i.awarded.toFixed(2)}
                        {i.max !== null ? ` of ${i.max}` : ''}
                      </td>
                      <td data-label="From">
                        <ItemSource item={i} write={write(i.number)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {c.pools.map((p) => (
                <p key={p.items.join()} className="hint">
                  {p.items.join(', ')} are marked together: {p.awarded.toFixed(2)} of {p.max}.
                </p>
              ))}
            </details>
          ))}
        </>
      ) : null}
    </section>
  );
}
