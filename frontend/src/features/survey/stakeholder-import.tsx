import {
  type RowError,
  STAKEHOLDER_COLUMNS,
  STAKEHOLDER_GROUPS,
  importStakeholdersRoute,
  type StakeholderImportResult,
  stakeholder,
} from '@attain/shared-types';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { ApiError } from '../../app/api';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { showPopup } from '../../app/state';
import { ImportFileField } from '../../components/entity/import-file-field';
import { invalidateAfterWrite, listPathOf } from '../../components/entity/list-cache';
import { CurriculumTargetField } from '../../components/entity/curriculum-target-field';
import { ImportRowErrors } from '../../components/entity/import-row-errors';
import { csvText, downloadCsv, readCsv, readXlsx } from '../../components/table/table-export';

/** A file chosen and read: its name and rows (header first). */
interface ReadFile {
  name: string;
  rows: string[][];
}

/**
 * Admins' "Load CSV or XLSX" dialog of the Stakeholders page (the pattern of the import dialog): a curriculum (whose
 * department and program the stakeholders get) and a CSV or XLSX file with the columns `STAKEHOLDER_COLUMNS`. XLSX is
 * read in the browser and sent as CSV, as the marks files are. Load posts the CSV; after, it says how many were
 * created and updated and lists the rows left out with why; a refused file lists its row problems (nothing written).
 */
export function StakeholderImport(props: { visible: boolean; onHide: () => void; curriculum?: string }) {
  const [target, setTarget] = useState<string | null>(props.curriculum ?? null);
  const [file, setFile] = useState<ReadFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const [result, setResult] = useState<StakeholderImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const qc = useQueryClient();
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
      const res = await call(importStakeholdersRoute, { query: { curriculum: target }, body: await csvText(file.rows) });
      setResult(res.data);
      showPopup('success', res.message ?? `Loaded: ${res.data.created} created, ${res.data.updated} updated`);
      void qc.invalidateQueries({ queryKey: qk.lists(listPathOf(stakeholder)) });
      void qc.invalidateQueries({ queryKey: qk.allRefs(stakeholder.name) });
      invalidateAfterWrite(qc, stakeholder);
    } catch (e) {
      if (e instanceof ApiError) setRowErrors(e.rows);
    } finally {
      setBusy(false);
    }
  };
  const people = file ? Math.max(0, file.rows.length - 1) : 0;
  return (
    <Dialog header="Load stakeholders from CSV or XLSX" visible={props.visible} onHide={props.onHide} style={{ width: 'min(56rem, 96vw)' }}>
      <div className="form-grid">
        <CurriculumTargetField
          id="stakeholder-import-curriculum"
          active={props.visible}
          value={target}
          onChange={setTarget}
          hint="The stakeholders get the curriculum's department and program."
        />
        <ImportFileField
          id="stakeholder-import-file"
          label="CSV or XLSX file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onFile={(f) => void choose(f)}
          hint={`Columns: ${STAKEHOLDER_COLUMNS.join(', ')}. Group is one of: ${STAKEHOLDER_GROUPS.join(', ')}.`}
        />
      </div>
      {file ? <p className="hint" role="status">{`${file.name}: ${people} row${people === 1 ? '' : 's'} read.`}</p> : null}
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
          onClick={() =>
            void downloadCsv('stakeholders-template', [
              [...STAKEHOLDER_COLUMNS],
              ['Alumni', 'Priya', 'Sharma', 'priya.sharma@example.com', '98450 12345'],
            ])
          }
        />
        <Button label="Load" icon="pi pi-upload" disabled={!file || !target || !people} loading={busy} onClick={() => void load()} />
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
