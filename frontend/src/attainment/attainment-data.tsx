import { type AttainmentMethod, type CourseAttainment, type EntityRecord, type ProgramAttainment, type StudentAttainment, program } from '@attain/shared-types';
import { Dropdown } from 'primereact/dropdown';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../app/api';
import { loadAll } from '../entity/use-ref-options';

/** A PO or PSO as the attainment pages show it. */
export interface OutcomeView {
  id: string;
  reference: string;
  type: string;
  title?: string;
  statement?: string;
}

/** `GET /api/attainment/program/{program}`. */
export interface ProgramView {
  years: ProgramAttainment[];
  outcomes: OutcomeView[];
  method: AttainmentMethod;
  method_version: number;
}

/** `GET /api/attainment/students/{course}`. */
export interface StudentsView {
  students: StudentAttainment[];
  years: string[];
  year: string | null;
  threshold: number;
  cos: { id: string; code: string; statement: string }[];
  outcomes: OutcomeView[];
}

/** A level or percent with 2 decimals, or '-' when there is none. */
export const fmt = (n: number | null | undefined) => (n === null || n === undefined ? '-' : (Math.round(n * 100) / 100).toFixed(2));

/** One URL parameter as state (`?name=`), replaced rather than pushed. */
export function useParam(name: string): [string | undefined, (v: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? undefined;
  const set = (v: string | undefined) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (v) n.set(name, v);
        else n.delete(name);
        return n;
      },
      { replace: true },
    );
  return [value, set];
}

/** A labelled dropdown in the filter bar. */
export function Pick(p: { id: string; label: string; value: string | undefined; options: { value: string; label: string }[]; onChange: (v: string | undefined) => void; placeholder?: string }) {
  return (
    <span className="filter">
      <label htmlFor={p.id}>{p.label}</label>
      <Dropdown inputId={p.id} value={p.value ?? null} options={p.options} placeholder={p.placeholder ?? 'Choose'} filter={p.options.length > 10} onChange={(e) => p.onChange(e.value || undefined)} />
    </span>
  );
}

/** The program picker (`?program=`, default the first program) and the program's attainment for every year. */
export function useProgramAttainment() {
  const [programs, setPrograms] = useState<EntityRecord[]>([]);
  const [chosen, setChosen] = useParam('program');
  const [year, setYear] = useParam('year');
  const [data, setData] = useState<ProgramView | null>(null);
  useEffect(() => void loadAll(program.path).then(setPrograms), []);
  const programId = chosen ?? programs[0]?.id;
  useEffect(() => {
    setData(null);
    if (!programId) return;
    void api<{ data: ProgramView }>('GET', `/api/attainment/program/${programId}`).then((r) => setData(r.data));
  }, [programId]);
  const current = data?.years.find((y) => y.academic_year === year) ?? data?.years[0];
  const pickers = (
    <>
      <Pick id="pick-program" label="Program" value={programId} options={programs.map((p) => ({ value: p.id, label: String(p.title) }))} onChange={setChosen} />
      {data?.years.length ? (
        <Pick id="pick-year" label="Academic year" value={current?.academic_year} options={data.years.map((y, i) => ({ value: String(y.academic_year), label: `${String(y.academic_year)}${i === 0 ? ' (CAY)' : ` (CAYm${i})`}` }))} onChange={setYear} />
      ) : null}
    </>
  );
  return { data, current, pickers, programId };
}

/** The academic-year picker of a course page (`?year=`), shown when the course has marks in more than one year. */
export function YearPick({ years, value, onChange }: { years: string[]; value: string | null | undefined; onChange: (v: string | undefined) => void }) {
  if (years.length < 2) return null;
  return <Pick id="pick-course-year" label="Academic year" value={value ?? undefined} options={years.map((y) => ({ value: y, label: y }))} onChange={onChange} />;
}

/** `GET <path>`'s `data`, reloaded when the path changes; null while it loads or when there is no path. */
export function useApiData<T>(path: string | undefined): T | null {
  const [data, setData] = useState<T | null>(null);
  useEffect(() => {
    setData(null);
    if (!path) return;
    let live = true;
    void api<{ data: T }>('GET', path).then((r) => live && setData(r.data)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [path]);
  return data;
}

/** `?year=` appended when a year is chosen. */
const withYear = (path: string, year: string | undefined) => (year ? `${path}?year=${year}` : path);

/** A course's attainment (`GET /api/attainment/course/{course}?year=`). */
export const useCourseAttainment = (course: string | undefined, year: string | undefined) =>
  useApiData<{ result: CourseAttainment | null; years: string[]; outcomes: OutcomeView[]; method?: AttainmentMethod; method_version: number }>(course ? withYear(`/api/attainment/course/${course}`, year) : undefined);

/** Each student's attainment in a course (`GET /api/attainment/students/{course}?year=`). */
export const useStudentAttainment = (course: string | undefined, year: string | undefined) => useApiData<StudentsView>(course ? withYear(`/api/attainment/students/${course}`, year) : undefined);

/**
 * The head of a one-course page: title (and an action), the curriculum -> term -> course pickers, the academic-year
 * picker once the data says which years have marks, and a hint until a course is chosen.
 */
export function CourseHead(p: { title: string; action?: ReactNode; picker: ReactNode; course: string | undefined; years?: string[]; year?: string | null; onYear: (v: string | undefined) => void }) {
  return (
    <>
      <div className="page-head">
        <h2>{p.title}</h2>
        {p.action}
      </div>
      {p.picker}
      {p.years ? (
        <div className="filter-bar">
          <YearPick years={p.years} value={p.year} onChange={p.onYear} />
        </div>
      ) : null}
      {!p.course ? <p className="hint">Choose a curriculum, term and course.</p> : null}
    </>
  );
}

/** A level cell: the value with a class saying whether it meets the target. */
export const levelClass = (v: number | null | undefined, target: number | undefined) => (v === null || v === undefined || target === undefined ? undefined : v >= target ? 'meets' : 'below');
