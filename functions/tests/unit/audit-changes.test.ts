import { MAX_AUDIT_CHANGES, type MarksRow, courseCurriculum } from '@attain/shared-types';
import { describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'attain-test';
process.env.AWS_REGION = 'ap-south-1';
const { documentChanges, marksChanges, recordChanges, recordLabel } = await import('../../src/platform/store/audit-changes.js');
const { auditEntry } = await import('../../src/platform/store/audit-store.js');
const scope = { campus: 'campus-a', actor: 'admin@a.example', access: 'read-write' as const };

describe('the audit trail: what changed', () => {
  it("lists a replaced record's changed fields with their labels and old and new values, skipping bookkeeping", () => {
    const old = { id: 'c1', version: 3, updated_at: '2026-01-01T00:00:00Z', code: 'BCS401', title: 'Operating System', total_credits: 3 };
    const next = { ...old, version: 4, updated_at: '2026-01-02T00:00:00Z', title: 'Operating Systems', total_credits: 4 };
    expect(recordChanges(courseCurriculum, old, next)).toEqual([
      { field: 'title', label: 'Title', old: 'Operating System', new: 'Operating Systems' },
      { field: 'total_credits', label: 'Total credits', old: 3, new: 4 },
    ]);
    expect(recordChanges(courseCurriculum, old, undefined).map((c) => c.field)).toEqual(['code', 'title', 'total_credits']);
    expect(recordLabel(next)).toBe('Operating Systems');
    expect(recordLabel({ first_name: 'Asha', last_name: 'Rao', email: 'a@x' })).toBe('Asha Rao');
  });

  it('lists a CO-PO matrix cell by cell', () => {
    const old = { course: 'c1', cells: { CO1: { PO1: 3, PO2: 2 } }, version: 1 };
    const next = { course: 'c1', cells: { CO1: { PO1: 3, PO2: 3 }, CO2: { PO1: 1 } }, version: 2 };
    expect(documentChanges(old, next)).toEqual([
      { field: 'cells.CO1.PO2', old: 2, new: 3 },
      { field: 'cells.CO2.PO1', new: 1 },
    ]);
  });

  it('lists the marks that changed by roll number and question, and caps an entry', () => {
    const rolls = new Map([['s1', '21CS001']]);
    const old: MarksRow[] = [{ student: 's1', marks: { Q1: 5, Q2: 7 } }];
    const next: MarksRow[] = [
      { student: 's1', marks: { Q1: 5, Q2: 8 } },
      { student: 's2', marks: {}, absent: true },
    ];
    expect(marksChanges(old, next, rolls)).toEqual([
      { field: '21CS001 Q2', label: '21CS001 question Q2', old: 7, new: 8 },
      { field: 's2 absent', old: false, new: true },
    ]);
    const many = Array.from({ length: MAX_AUDIT_CHANGES + 5 }, (_, i) => ({ field: `f${i}` }));
    const e = auditEntry(scope, { action: 'replace', entity: 'marks', record_id: 'o1', changes: many });
    expect(e.changes).toHaveLength(MAX_AUDIT_CHANGES);
    expect(e.truncated).toBe(5);
    expect(e.user).toBe('admin@a.example');
  });
});
