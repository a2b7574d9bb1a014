import {
  type ArticulationRule,
  type CampusScope,
  DEFAULT_METHOD,
  type Figure,
  type ReportCell,
  type TraceInput,
  articulationCaption,
} from '@attain/shared-types';
import { methodFor } from '../course-inputs/index.js';
import type { ProgramOutcomeColumn } from '../curriculum/index.js';
import { type CurriculumReport, courseName, loadCurriculum } from './report-curriculum.js';
import { type CourseMatrix, type ProgramOutcomes, loadCourseMatrices, loadProgramOutcomes } from './report-outcomes.js';
import type { ReportQuery } from './report-query.js';
import { input, maxFigure, meanFigure } from './report-figures.js';
import { ARTICULATION_CITATION } from './nba-citations.js';

/**
 * What an articulation figure follows, as its trace cites it: NBA's Criterion 3.1. The rule (Highest or Average of
 * the mapped CO values) is the program method's `articulation_rule`; the spec's "map state" picker may choose the
 * other one for a report, and the caption then says so.
 */
export const MAP_STATE_SOURCE = ARTICULATION_CITATION;

/** The CO values (1-3) of a course's matrix for one outcome, as trace inputs (`CO1` = 3); unmapped (`-`) COs are left out. */
export function outcomeValues(m: CourseMatrix, outcome: ProgramOutcomeColumn): TraceInput[] {
  return m.cos.flatMap((co) => {
    const v = m.cells[co.id]?.[outcome.id];
    return v === undefined ? [] : [input(co.code, v)];
  });
}

/**
 * A course's articulation level for one PO/PSO (levels 1-3) under `rule`, as a traced figure: the highest of its COs'
 * values (`Highest`) or their mean shown to two decimals, half away from zero (`Average`), the same rule and rounding
 * as the CO-PO page's row (`courseArticulation`); `null` when no CO of the course maps the outcome (shown `-`). Every
 * articulation report and the SAR use it.
 */
export function courseLevel(m: CourseMatrix, outcome: ProgramOutcomeColumn, rule: ArticulationRule): Figure | null {
  const values = outcomeValues(m, outcome);
  if (!values.length) return null;
  const name = `${m.course.code ?? m.course.title} ${outcome.po_reference}`;
  return rule === 'Highest' ? maxFigure(name, values, MAP_STATE_SOURCE) : meanFigure(name, values, MAP_STATE_SOURCE);
}

/** The cells of an articulation row: per outcome id, its level or `-` when the course does not map it. */
export function levelCells(m: CourseMatrix, outcomes: readonly ProgramOutcomeColumn[], rule: ArticulationRule): Record<string, ReportCell> {
  return Object.fromEntries(outcomes.map((o) => [o.id, courseLevel(m, o, rule) ?? '-']));
}

/**
 * An outcome's level over several courses: the mean of the courses' levels (two decimals; `Average` and footer rows),
 * or their highest (`Highest`), with each mapping course's level as an input (so the trace counts them); `-` when no
 * course maps it.
 * @param name e.g. `PO1 program level`
 */
export function levelOverCourses(
  name: string,
  levels: readonly { m: CourseMatrix; level: Figure | null }[],
  how: 'mean' | 'max',
): ReportCell {
  const inputs = levels.flatMap(({ m, level }) => (level?.value == null ? [] : [input(courseName(m.course), level.value)]));
  if (!inputs.length) return '-';
  return how === 'max' ? maxFigure(name, inputs, MAP_STATE_SOURCE) : meanFigure(name, inputs, MAP_STATE_SOURCE);
}

/** The message of the matrix reports when no picked course has a matrix. */
export const NO_MATRIX = 'No course of this curriculum has a CO-PO matrix yet: Curriculum > CO-PO Mapping';

/** What the matrix reports read: the curriculum, the program's outcomes, every picked course's matrix and those saved. */
export interface ArticulationInput {
  cr: CurriculumReport;
  outcomes: ProgramOutcomes;
  /** Every picked course, with or without a saved matrix. */
  all: CourseMatrix[];
  /** The picked courses whose matrix is saved and maps something. */
  matrices: CourseMatrix[];
  /** The rule of every course level: the `map_state` picked, else the program method's `articulation_rule`. */
  rule: ArticulationRule;
  /** The tables' caption naming the rule and whose it is (`articulationCaption`). */
  caption: string;
}

/**
 * Reads the picked curriculum (narrowed by term and course unless `wholeCurriculum`), its program's outcomes, its
 * courses' matrices (see `loadCurriculum`, `loadProgramOutcomes`, `loadCourseMatrices`) and the program's
 * articulation rule (one Query; the defaults' for a curriculum without a program).
 * @throws HttpError 404 for a picked id not of the campus
 */
export async function loadArticulation(scope: CampusScope, query: ReportQuery, wholeCurriculum = false): Promise<ArticulationInput> {
  const cr = await loadCurriculum(scope, wholeCurriculum ? { ...query, term: undefined, course: undefined } : query);
  const [outcomes, all, programRule] = await Promise.all([
    loadProgramOutcomes(scope, cr.program?.id),
    loadCourseMatrices(scope, cr),
    cr.program ? methodFor(scope, cr.program.id).then((m) => m.method.articulation_rule) : DEFAULT_METHOD.articulation_rule,
  ]);
  const rule = query.map_state ?? programRule;
  return { cr, outcomes, all, matrices: all.filter((m) => m.saved), rule, caption: articulationCaption(rule, programRule) };
}
