import {
  type CampusScope,
  type CoPoMatrix,
  type PoMoveCell,
  type PoMovePreview,
  type RecordOf,
  type SurveyQuestion,
  PO12_TO_PO11,
  courseCurriculum,
  courseOutcome,
  genericProgramOutcome,
  mergedLevel,
  poMismatch,
  poMoveApplies,
  program as programEntity,
  SAR_VERSION_LABELS,
  SAR_VERSION_POS,
  sarVersionOf,
  survey as surveyEntity,
} from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';
import { type StoredDocument, documentsInScope, getDocuments, overwriteDocument, putDocument } from '../../platform/store/documents.js';
import { getRecord, queryByField, recordsByIds, writeRecordsTogether } from '../../platform/store/records.js';
import { assertProgramOpen, courseInputsChanged, surveyEvidenceChanged } from '../course-inputs/index.js';
import nba from '../../local/seed/data/nba-program-outcomes.json' with { type: 'json' };
import { byCode, byReference } from './co-po-matrix.js';

type ProgramOutcome = RecordOf<typeof genericProgramOutcome>;
type Cells = CoPoMatrix['cells'];

/** The 11 POs of GAPC v4.0 by reference (`PO6`): the titles and statements a moved program takes. */
const GAPC_POS = new Map(nba.nba_11_po_gapc_v4.outcomes.map((o) => [o.code, o]));

/**
 * Everything a move of a program's POs to its format's writes, worked out from what is stored now: the preview people
 * read, the matrices and survey forms to write (only those that still name a PO that is merged away) and the PO
 * records to renumber and remove. Computed again on confirm, so a move cut short is finished by sending it again.
 */
interface MovePlan {
  preview: PoMovePreview;
  matrices: { course: string; version: number; cells: Cells; cellLabel: (co: string, po: string) => string | undefined }[];
  surveys: { record: RecordOf<typeof surveyEntity>; form: StoredDocument<'survey-form'> }[];
  replace: { old: ProgramOutcome; data: Record<string, unknown> }[];
  remove: ProgramOutcome[];
}

/** `n` and the words for one or many: "1 course matrix changes", "2 course matrices change". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A row's levels as people read them: `PO6 2, PO7 3` (`-` for none). */
const levelsText = (row: Readonly<Record<string, number>>, refs: readonly { id: string; reference: string }[]) =>
  refs
    .filter((r) => row[r.id] !== undefined)
    .map((r) => `${r.reference} ${row[r.id]}`)
    .join(', ') || '-';

/**
 * Works out the move of a program's NBA 12 POs to the 11 of GAPC v4.0 (`PO12_TO_PO11`): PO1 to PO5 keep their
 * references; PO7 joins PO6 (a matrix cell takes the higher level, `mergedLevel`; a PO survey's questions on PO7 count
 * for PO6) and its record is removed; PO8 to PO12 become PO7 to PO11; every PO takes GAPC v4.0's title and statement.
 * Reads: the program, its outcomes, its matrices (GSI1 Query), its courses and the COs of changed matrices, its PO
 * surveys and their forms, and the frozen-year gate's approvals.
 * @throws HttpError 404 for a program that is not the campus's
 */
async function movePlan(scope: CampusScope, programId: string): Promise<MovePlan> {
  const prog = await getRecord(scope, programEntity, programId);
  const version = sarVersionOf(prog.sar_version);
  const format = { pos: SAR_VERSION_POS[version], label: SAR_VERSION_LABELS[version] };
  const outcomes = (await queryByField(scope, genericProgramOutcome, 'program', prog.id)).sort(byReference);
  const pos = outcomes.filter((o) => o.outcome_type === 'PO');
  const applies = poMoveApplies(
    format,
    pos.map((o) => o.po_reference),
  );
  // A PO whose new reference is another PO's own (PO7 -> PO6, PO6 staying PO6) joins that PO: id -> the kept PO's id.
  const keeper = (to: string) => pos.find((p) => p.po_reference === to && PO12_TO_PO11[to] === to);
  const into = new Map(
    applies
      ? pos.flatMap((o) => {
          const kept = keeper(PO12_TO_PO11[o.po_reference]);
          return kept && kept.id !== o.id ? [[o.id, kept.id] as const] : [];
        })
      : [],
  );
  const moved = applies
    ? pos.map((o) => {
        const to = PO12_TO_PO11[o.po_reference];
        const gapc = GAPC_POS.get(to);
        return {
          id: o.id,
          from: o.po_reference,
          to,
          merged: into.has(o.id),
          title_before: o.title ?? '',
          title_after: gapc?.title ?? '',
          record: o,
          data: gapc
            ? { ...o, po_reference: to, title: gapc.title, statement: gapc.statement, framework: nba.nba_11_po_gapc_v4.framework }
            : o,
        };
      })
    : [];

  // Matrices: a row that maps a merged-away PO takes the higher of its level and the kept PO's.
  const refs = outcomes.map((o) => ({ id: o.id, reference: o.po_reference }));
  const docs = applies ? await documentsInScope(scope, 'co-po-matrix', 'program', prog.id) : [];
  const changedDocs = docs.filter((d) => Object.values(d.cells ?? {}).some((row) => [...into.keys()].some((id) => row[id] !== undefined)));
  const [courses, cos] = await Promise.all([
    recordsByIds(
      scope,
      courseCurriculum,
      changedDocs.map((d) => d.id),
    ),
    Promise.all(changedDocs.map((d) => queryByField(scope, courseOutcome, 'course', d.id))),
  ]);
  const matrices: MovePlan['matrices'] = [];
  const previewMatrices: PoMovePreview['matrices'] = [];
  changedDocs.forEach((d, i) => {
    const course = courses.find((c) => c.id === d.id);
    const rows = cos[i].sort(byCode);
    const cells: Cells = {};
    const changed: PoMoveCell[] = [];
    for (const [co, row] of Object.entries(d.cells ?? {})) {
      const next = { ...row };
      for (const [from, to] of into) {
        if (next[from] === undefined) continue;
        const level = mergedLevel([next[to], next[from]]);
        delete next[from];
        if (level !== undefined) next[to] = level;
      }
      cells[co] = next;
      const moves = [...into].flatMap(([from, to]) => [from, to]);
      if (Object.keys(row).some((po) => into.has(po)))
        changed.push({
          co: rows.find((r) => r.id === co)?.code ?? co,
          before: levelsText(Object.fromEntries(Object.entries(row).filter(([po]) => moves.includes(po))), refs),
          after: levelsText(Object.fromEntries(Object.entries(next).filter(([po]) => moves.includes(po))), refs),
        });
    }
    changed.sort((a, b) => byCode({ code: a.co }, { code: b.co }));
    const cellLabel = (co: string, po: string) => {
      const row = rows.find((r) => r.id === co);
      const column = outcomes.find((o) => o.id === po);
      return row && column ? `${row.code} → ${column.po_reference}` : undefined;
    };
    matrices.push({ course: d.id, version: d.version, cells, cellLabel });
    previewMatrices.push({ course: d.id, code: course?.code ?? '', title: course?.title ?? '', cells: changed });
  });
  previewMatrices.sort((a, b) => byCode(a, b));

  // PO surveys: a question on a merged-away PO counts for the PO it joins; every question names its new reference.
  const surveys = applies ? (await queryByField(scope, surveyEntity, 'program', prog.id)).filter((s) => s.survey_for === 'PO') : [];
  const forms = await getDocuments(
    scope,
    'survey-form',
    surveys.map((s) => s.id),
  );
  const movedById = new Map(moved.map((m) => [m.id, m]));
  const surveyWrites: MovePlan['surveys'] = [];
  const previewSurveys: PoMovePreview['surveys'] = [];
  for (const s of surveys) {
    const form = forms.get(s.id);
    if (!form) continue;
    const follows = (q: SurveyQuestion) => {
      const m = q.outcome ? movedById.get(q.outcome) : undefined;
      return m && q.outcome_code !== m.to ? m : undefined;
    };
    const n = form.questions.filter((q) => follows(q) || (q.outcome && into.has(q.outcome))).length;
    if (!n) continue;
    const questions = form.questions.map((q) => {
      const m = q.outcome ? movedById.get(q.outcome) : undefined;
      return m ? { ...q, outcome: into.get(m.id) ?? m.id, outcome_code: m.to } : q;
    });
    surveyWrites.push({ record: s, form: { ...form, questions } });
    previewSurveys.push({ id: s.id, name: s.name, academic_year: s.academic_year, questions: n });
  }

  const blocked = !applies
    ? format.pos !== 11
      ? `${prog.title} follows ${format.label}, which names NBA's 12 POs: there is nothing to move.`
      : pos.length === 11 &&
          !poMismatch(
            format,
            pos.map((o) => o.po_reference),
          )
        ? `${prog.title} already has the 11 POs of its format: there is nothing to move.`
        : `${prog.title} does not have NBA's 12 POs (PO1 to PO12), so they cannot be moved to the 11 of its format; ` +
          'edit its POs in Configuration > Generic Program Outcomes.'
    : await assertProgramOpen(scope, { program: prog.id }).then(
        () => null,
        (e: unknown) => {
          if (e instanceof HttpError && e.status === 409) return e.message;
          throw e;
        },
      );
  const renumbered = docs.length - changedDocs.length;
  return {
    preview: {
      program: prog.id,
      program_title: prog.title,
      format: format.label,
      outcomes: moved.map(({ record: _r, data: _d, ...m }) => m),
      matrices: previewMatrices,
      renumbered,
      surveys: previewSurveys,
      blocked,
      text: applies
        ? `${prog.title} follows ${format.label}, which names 11 POs. Moving its 12 POs: PO1 to PO5 keep their numbers, ` +
          `PO6 and PO7 become PO6 (a CO row mapping both takes the higher level), PO8 to PO12 become PO7 to PO11, and every PO ` +
          `takes the statement of GAPC v4.0. ${count(previewMatrices.length, 'course matrix changes', 'course matrices change')}, ` +
          `${count(renumbered, 'keeps its levels', 'keep their levels')} under the new numbers, and ` +
          `${count(previewSurveys.length, 'PO survey counts its', 'PO surveys count their')} questions under the new numbers.`
        : (blocked ?? ''),
    },
    matrices,
    surveys: surveyWrites,
    replace: moved.filter((m) => !m.merged).map((m) => ({ old: m.record, data: m.data })),
    remove: moved.filter((m) => m.merged).map((m) => m.record),
  };
}

/**
 * What moving a program's 12 POs to its format's 11 would change (`PoMovePreview`); writes nothing.
 * @throws HttpError 404 for a program that is not the campus's
 */
export async function previewPoMove(scope: CampusScope, programId: string): Promise<PoMovePreview> {
  return (await movePlan(scope, programId)).preview;
}

/**
 * Moves a program's NBA 12 POs to the 11 of its format (`movePlan`), as the preview shows: each changed matrix (one
 * audited conditional write each), each PO survey's questions, then the PO records renumbered and PO7 removed in one
 * transaction. A move cut short (a crash between writes) leaves the program with 12 POs, so the readiness page still
 * offers it and sending it again finishes it (the matrices and surveys already moved are not written again). The
 * program's results are computed again.
 * @returns the preview of what was moved
 * @throws HttpError 404 for another campus's program; 409 when its POs are not NBA's 12, while a year of it is frozen,
 *   or when a matrix or PO changed in between (nothing of the POs is written then)
 */
export async function movePosToFormat(scope: CampusScope, programId: string): Promise<PoMovePreview> {
  const plan = await movePlan(scope, programId);
  if (plan.preview.blocked) throw new HttpError(409, plan.preview.blocked);
  for (const m of plan.matrices)
    await putDocument(
      scope,
      'co-po-matrix',
      m.course,
      m.version,
      { course: m.course, cells: m.cells },
      { field: 'program', value: programId },
      m.cellLabel,
    );
  for (const s of plan.surveys) {
    await overwriteDocument(scope, 'survey-form', s.record.id, s.form, s.form.version);
    await surveyEvidenceChanged(scope, s.record);
  }
  await writeRecordsTogether(scope, genericProgramOutcome, { replace: plan.replace, remove: plan.remove });
  // Every course of the program is computed again (the results queue).
  await courseInputsChanged(scope, { program: programId });
  return plan.preview;
}
