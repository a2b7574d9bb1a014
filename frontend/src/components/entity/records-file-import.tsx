import type { EntityDef, RowError } from '@attain/shared-types';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../app/api';
import { qk } from '../../app/query-keys';
import { showPopup } from '../../app/state';
import { ImportFileField } from './import-file-field';
import { ImportTargetField } from './import-target-field';
import { invalidateAfterWrite, listPathOf } from './list-cache';
import { ImportRowErrors } from './import-row-errors';
import { csvText, downloadCsv, readCsv, readXlsx } from '../table/table-export';

/** A file chosen and read: its name and rows (header first). */
interface ReadFile {
  name: string;
  rows: string[][];
}

/** What a records import answers: a sentence, and the rows read, records created and records updated. */
export interface RecordsImportAnswer {
  message?: string;
  data: { rows: number; created: number; updated: number };
}

/**
 * An admin's "Load CSV or XLSX" dialog for records of `entity` that belong to a chosen `target` record (stakeholders
 * into a curriculum, batches into a program): the target, a CSV or XLSX file (XLSX read in the browser and sent as
 * CSV, as the marks files are), a CSV template, and Load. After, it says how many were created and updated; a refused
 * file lists its row problems (nothing written). `load` posts the CSV for the chosen target.
 */
export function RecordsFileImport(props: {
  header: string;
  entity: EntityDef;
  target: { entity: EntityDef; initial?: string; hint?: ReactNode };
  /** The file's columns, said under the file field. */
  columnsHint: string;
  template: { name: string; rows: string[][] };
  load: (target: string, csv: string) => Promise<RecordsImportAnswer>;
  onHide: () => void;
}) {
  const [target, setTarget] = useState<string | null>(props.target.initial ?? null);
  const [file, setFile] = useState<ReadFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const [result, setResult] = useState<RecordsImportAnswer['data'] | null>(null);
  const [busy, setBusy] = useState(false);
  const qc = useQueryClient();
  const id = `${props.entity.name}-import`;
  const choose = async (chosen: File | null) => {
    setFile(null);
    setProblem(null);
    setRowErrors([]);
    setResult(null);
    if (!chosen) return;
    try {
      const rows = /\.xlsx$/i.test(chosen.name) ? await readXlsx(chosen) : await readCsv(chosen);
      setFile({ name: chosen.name, rows });
    } catch (e) {
      setProblem(e instanceof Error ? e.message : 'The file could not be read');
    }
  };
  const load = async () => {
    if (!file || !target) return;
    setRowErrors([]);
    setResult(null);
    setBusy(true);
    try {
      const res = await props.load(target, await csvText(file.rows));
      setResult(res.data);
      showPopup('success', res.message ?? `Loaded: ${res.data.created} created, ${res.data.updated} updated`);
      void qc.invalidateQueries({ queryKey: qk.lists(listPathOf(props.entity)) });
      void qc.invalidateQueries({ queryKey: qk.allRefs(props.entity.name) });
      invalidateAfterWrite(qc, props.entity);
    } catch (e) {
      if (e instanceof ApiError) setRowErrors(e.rows);
    } finally {
      setBusy(false);
    }
  };
  const count = file ? Math.max(0, file.rows.length - 1) : 0;
  return (
    <Dialog header={props.header} visible onHide={props.onHide} style={{ width: 'min(56rem, 96vw)' }}>
      <div className="form-grid">
        <ImportTargetField
          id={`${id}-target`}
          entity={props.target.entity}
          active
          value={target}
          onChange={setTarget}
          hint={props.target.hint}
        />
        <ImportFileField
          id={`${id}-file`}
          label="CSV or XLSX file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onFile={(f) => void choose(f)}
          hint={props.columnsHint}
        />
      </div>
      {file ? <p className="hint" role="status">{`${file.name}: ${count} row${count === 1 ? '' : 's'} read.`}</p> : null}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="form-actions">
        <Button
          type="button"
          label="Template (CSV)"
          icon="pi pi-download"
          text
          onClick={() => void downloadCsv(props.template.name, props.template.rows)}
        />
        <Button label="Load" icon="pi pi-upload" disabled={!file || !target || !count} loading={busy} onClick={() => void load()} />
      </div>
      <ImportRowErrors rows={rowErrors} />
      {result ? (
        <div className="import-result" role="status">
          {`Loaded ${result.rows} rows: ${result.created} created, ${result.updated} updated.`}
        </div>
      ) : null}
    </Dialog>
  );
}
