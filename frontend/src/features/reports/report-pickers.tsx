import {
  pickerYears,
  MAPPING_OPTIONS,
  MAP_STATES,
  REPORT_PICKER_NAMES,
  type ReportEntry,
  type ReportPicker,
  courseOutcome,
  profile,
} from '@attain/shared-types';
import { useSearchParams } from 'react-router-dom';
import { Pick } from '../../components/areas/pick';
import { FilterBar } from '../../components/entity/filter-bar';
import { useListQuery } from '../../components/entity/list-cache';
import { RefPicker } from '../../components/entity/ref-picker';
import { useCurrentAcademicYear } from '../../lib/format/academic-year';

/**
 * The pickers of fixed choices, and what the server reads when none is sent: All options; for the map state, the
 * program's articulation rule (its attainment methodology), shown as the placeholder.
 */
const CHOICES: Readonly<
  Record<'option' | 'map_state', { label: string; choices: readonly string[]; fallback?: string; placeholder?: string }>
> = {
  option: { label: 'Option', choices: MAPPING_OPTIONS, fallback: 'All' },
  map_state: { label: 'Map state', choices: MAP_STATES, placeholder: "The program's rule" },
};

/** Pickers of the curriculum -> term -> course chain, each narrowed by the ones before it. */
const CHAIN: readonly ReportPicker[] = ['curriculum', 'term', 'course'];
const DEPARTMENT = profile.fields.find((f) => f.name === 'department');

/** "a curriculum", "a curriculum and a faculty member". */
const askFor = (names: readonly ReportPicker[]) =>
  names.map((n) => `${/^[aeiou]/.test(REPORT_PICKER_NAMES[n]) ? 'an' : 'a'} ${REPORT_PICKER_NAMES[n]}`).join(' and ');

/**
 * The pickers of a report (`entry.pickers`, in that order), kept in the address so a report's link can be shared:
 * curriculum, then its terms, then the term's courses (`FilterBar`); mapping option (All by default) and map state
 * (the program's articulation rule when none is picked, as the server reads it); the academic year (the current and the five before);
 * department, then its members (the campus's users of that department).
 * @returns the chosen values (only those chosen), what is still required, a sentence asking for it, and the pickers
 */
export function useReportPicks(entry: ReportEntry) {
  const [params, setParams] = useSearchParams();
  const values: Record<string, string> = Object.fromEntries(
    entry.pickers.flatMap((k) => {
      const v = params.get(k);
      return v ? [[k, v]] : [];
    }),
  );
  const set = (next: Readonly<Record<string, string | undefined>>) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next))
          if (v) n.set(k, v);
          else n.delete(k);
        return n;
      },
      { replace: true },
    );
  const chain = entry.pickers.filter((p) => CHAIN.includes(p));
  const wantsUsers = entry.pickers.includes('user');
  const users = useListQuery(profile, wantsUsers ? {} : null);
  // The campus's current academic year and the five before it.
  const years = pickerYears(useCurrentAcademicYear());
  const members = users.rows.filter((u) => !values.department || u.department === values.department);
  const missing = entry.required.filter((k) => !values[k]);

  const other = (k: ReportPicker) => {
    switch (k) {
      case 'option':
      case 'map_state': {
        const c = CHOICES[k];
        return (
          <Pick
            key={k}
            id={`pick-${k}`}
            label={c.label}
            value={values[k] ?? c.fallback}
            placeholder={c.placeholder}
            showClear={c.fallback === undefined}
            options={c.choices.map((o) => ({ value: o, label: o }))}
            onChange={(v) => set({ [k]: v })}
          />
        );
      }
      case 'year':
        return (
          <Pick
            key={k}
            id="pick-year"
            label="Academic year"
            value={values.year}
            placeholder="The newest"
            showClear
            options={years.map((y) => ({ value: y, label: y }))}
            onChange={(v) => set({ year: v })}
          />
        );
      case 'department':
        return DEPARTMENT ? (
          <span key={k} className="filter">
            <label htmlFor="pick-department">Department</label>
            <RefPicker
              def={profile}
              field={DEPARTMENT}
              value={values.department}
              chosen={{}}
              inputId="pick-department"
              placeholder="All departments"
              showClear
              onChange={(v) => set({ department: v ?? undefined, user: undefined })}
            />
          </span>
        ) : null;
      case 'user':
        return (
          <Pick
            key={k}
            id="pick-user"
            label="Faculty member"
            value={values.user}
            placeholder={users.isPending ? 'Loading…' : 'Choose a member'}
            options={members.map((u) => ({ value: u.id, label: u.name || u.email || u.id }))}
            onChange={(v) => set({ user: v })}
          />
        );
      default:
        return null;
    }
  };
  const rest = entry.pickers.filter((p) => !CHAIN.includes(p));
  const pickers = (
    <div className="report-pickers">
      {chain.length ? (
        <FilterBar
          def={courseOutcome}
          fields={chain}
          values={Object.fromEntries(chain.flatMap((k) => (values[k] ? [[k, values[k]]] : [])))}
          onChange={(v) => set(Object.fromEntries(chain.map((k) => [k, v[k]])))}
        />
      ) : null}
      {rest.length ? (
        <div className="filter-bar" role="group" aria-label="Report options">
          {rest.map(other)}
        </div>
      ) : null}
    </div>
  );
  return { values, missing, ask: missing.length ? `Choose ${askFor(missing)} to see this report.` : null, pickers };
}
