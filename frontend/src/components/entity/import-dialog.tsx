import {
  importFileRoute,
  IMPORT_KINDS,
  type ImportKind,
  type ImportResult,
  type RowError,
  bloomLevel,
  curriculum,
  deliveryMethod,
  term,
  isKeyOf,
} from '@attain/shared-types';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { ApiError } from '../../app/api';
import { call } from '../../app/api-client';
import { showPopup } from '../../app/state';
import { ImportFileField } from './import-file-field';
import { ImportTargetField } from './import-target-field';
import { useListQuery } from './list-cache';
import { loadMoreFooter } from './load-more';
import { refLabel } from './ref-records';
import { ImportRowErrors } from './import-row-errors';

/**
 * Admins' "Load CSV" dialog: loads a curriculum, course-outcomes, CO-PO matrix or student roster CSV (`kinds` limits the
 * choice; the formats are those of the reference data) into a curriculum. A refused file lists its row-level problems; nothing is written.
 */
export function ImportDialog({
  visible,
  onHide,
  onDone,
  kinds = Object.keys(IMPORT_KINDS).filter((k) => isKeyOf(IMPORT_KINDS, k)),
}: {
  visible: boolean;
  onHide: () => void;
  onDone: () => void;
  kinds?: readonly ImportKind[];
}) {
  const [kind, setKind] = useState<ImportKind>(kinds[0]);
  const [target, setTarget] = useState<string | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [fallback, setFallback] = useState<string | null>(null);
  const [newTerm, setNewTerm] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<RowError[]>([]);
  const [result, setResult] = useState<ImportResult | null>(null);
  // Read while the dialog is open, from the lists the pickers share; the terms are the chosen curriculum's.
  const methods = useListQuery(deliveryMethod, visible && kind === 'course-outcomes' ? {} : null);
  const levels = useListQuery(bloomLevel, visible && kind === 'course-outcomes' ? {} : null);
  const terms = useListQuery(term, visible && kind === 'course-outcomes' && target ? { curriculum: target } : null);
  const run = async () => {
    if (!file || !target) return;
    setRows([]);
    setResult(null);
    const outcomes = kind === 'course-outcomes';
    const query = {
      curriculum: target,
      ...(outcomes
        ? {
            delivery_method: method ?? undefined,
            fallback_bloom_level: fallback ?? undefined,
            create_courses_in_term: newTerm ? String(newTerm) : undefined,
          }
        : {}),
    };
    try {
      const json = await call(importFileRoute, { params: { kind }, query, body: await file.text() });
      setResult(json.data);
      showPopup('success', json.message ?? 'Loaded');
      onDone();
    } catch (e) {
      if (e instanceof ApiError) setRows(e.rows);
    }
  };
  const spec = IMPORT_KINDS[kind];
  return (
    <Dialog header="Load a CSV file" visible={visible} onHide={onHide} style={{ width: 'min(56rem, 96vw)' }}>
      <div className="form-grid">
        <div className="form-field">
          <label htmlFor="imp-kind">File holds</label>
          <Dropdown
            inputId="imp-kind"
            value={kind}
            options={kinds.map((value) => ({ value, label: IMPORT_KINDS[value].label }))}
            onChange={(e) => setKind(e.value)}
          />
        </div>
        <ImportTargetField id="imp-curriculum" entity={curriculum} active={visible} value={target} onChange={setTarget} />
        {kind === 'course-outcomes' ? (
          <>
            <div className="form-field">
              <label htmlFor="imp-method">Delivery method of the COs</label>
              <Dropdown
                inputId="imp-method"
                value={method}
                placeholder="Choose"
                options={methods.rows.map((m) => ({ value: m.id, label: m.name }))}
                panelFooterTemplate={loadMoreFooter(methods)}
                onChange={(e) => setMethod(e.value)}
              />
            </div>
            <div className="form-field">
              <label htmlFor="imp-fallback">Bloom's level when none can be read or inferred</label>
              <Dropdown
                inputId="imp-fallback"
                value={fallback}
                showClear
                placeholder="None: report such rows"
                panelFooterTemplate={loadMoreFooter(levels)}
                options={levels.rows
                  .filter((l) => /^K\d/.test(l.level_of_learning ?? ''))
                  .map((l) => ({ value: l.id, label: refLabel(bloomLevel, l) }))}
                onChange={(e) => setFallback(e.value)}
              />
            </div>
            <div className="form-field">
              <label htmlFor="imp-term">Create missing courses in term</label>
              <Dropdown
                inputId="imp-term"
                value={newTerm}
                showClear
                placeholder="No: report such rows"
                options={terms.rows.map((t) => ({ value: t.number, label: t.name }))}
                panelFooterTemplate={loadMoreFooter(terms)}
                onChange={(e) => setNewTerm(e.value)}
              />
            </div>
          </>
        ) : null}
        <ImportFileField
          id="imp-file"
          label="CSV file"
          accept=".csv,text/csv"
          onFile={setFile}
          hint={`Columns: ${spec.required.join(', ')} (required); ${spec.optional.join(', ')}.`}
        />
      </div>
      <div className="form-actions">
        <Button label="Load" icon="pi pi-upload" disabled={!file || !target} onClick={() => void run()} />
      </div>
      <ImportRowErrors rows={rows} />
      {result ? (
        <div className="import-result" role="status">
          Loaded {result.rows} rows: {result.created} created, {result.updated} updated.
          {result.notes.length ? (
            <ul>
              {result.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
