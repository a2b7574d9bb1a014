import { type Caller, type EntityRecord, student, term } from '@attain/shared-types';
import { HttpError } from '../lib/errors.js';
import { deleteDocument } from '../store/documents.js';
import { createRecord, queryByField } from '../store/records.js';
import type { ResolvedRefs } from '../store/references.js';
import { programAttainment } from '../attainment/attainment-service.js';
import { matricesUsingOutcome, matrixUsesCo } from './co-po-matrix.js';
import { papersUsingCo } from './question-paper.js';

/** Behaviour of one entity beyond generic CRUD, run by the CRUD router around its writes. */
export interface EntityHooks {
  /** Before the record is created; may refuse with HttpError. */
  beforeCreate?: (caller: Caller, data: Record<string, unknown>, refs: ResolvedRefs) => Promise<void>;
  /** After the record is created (e.g. a curriculum's terms). */
  afterCreate?: (caller: Caller, rec: EntityRecord, refs: ResolvedRefs) => Promise<void>;
  /** After the record is created or replaced (e.g. results that depend on it computed again). */
  afterSave?: (caller: Caller, rec: EntityRecord) => Promise<void>;
  /** Extra "still referred to by" checks for a delete; each returns what refers, or undefined. */
  deleteChecks?: (caller: Caller, rec: EntityRecord) => (() => Promise<string | undefined>)[];
  /** After the record is deleted (e.g. the documents it owned). */
  afterDelete?: (caller: Caller, rec: EntityRecord) => Promise<void>;
}

/** Hooks by registry entity name. */
export const ENTITY_HOOKS: Record<string, EntityHooks> = {
  curriculum: {
    // A curriculum gets one term per program term (spec: its terms follow the program's number_of_terms).
    beforeCreate: async (_caller, _data, refs) => {
      const n = Number(refs.program?.number_of_terms ?? 0);
      if (!n) throw new HttpError(400, "Set the program's number of terms before adding a curriculum to it", { program: 'Program has no number of terms' });
    },
    afterCreate: async (caller, rec, refs) => {
      const n = Number(refs.program?.number_of_terms ?? 0);
      for (let i = 1; i <= n; i++) await createRecord(caller, term, { name: `Term ${i}`, number: i, curriculum: rec.id });
    },
  },
  'course-curriculum': {
    afterDelete: (caller, rec) => deleteDocument(caller, 'co-po-matrix', rec.id),
  },
  'course-outcome': {
    deleteChecks: (caller, rec) => [() => matrixUsesCo(caller, rec), () => papersUsingCo(caller, rec)],
  },
  'generic-program-outcome': {
    deleteChecks: (caller, rec) => [() => matricesUsingOutcome(caller, rec)],
  },
  'attainment-method': {
    // Every course of the program is computed again and stored with the new method version.
    afterSave: async (caller, rec) => void (await programAttainment(caller, String(rec.program), { store: true })),
  },
  student: {
    // A roll number names one student of a curriculum (marks files find students by it).
    beforeCreate: async (caller, data) => {
      const roll = String(data.roll_no).trim().toLowerCase();
      const same = (await queryByField(caller, student, 'curriculum', String(data.curriculum))).find((s) => String(s.roll_no).trim().toLowerCase() === roll);
      if (same) throw new HttpError(409, `Roll number ${String(data.roll_no)} is already ${String(same.name)}'s in this curriculum`, { roll_no: 'Already exists' });
    },
  },
  occasion: {
    afterDelete: (caller, rec) => deleteDocument(caller, 'question-paper', rec.id),
  },
};
