import {
  EVENT_LEVELS,
  type EntityDef,
  MAX_PUBLICATION_IMPORT_BYTES,
  type PublicationImportEntry,
  type PublicationImportResult,
  type ResponseOf,
  publicationImportRoute,
  researchPublication,
} from '@attain/shared-types';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { ApiError } from '../../app/api';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { showPopup } from '../../app/state';
import { ImportFileField } from '../../components/entity/import-file-field';
import { invalidateAfterWrite, listPathOf } from '../../components/entity/list-cache';
import { ResponsiveTable, type TableColumn } from '../../components/table/responsive-table';

/** What each status means to the member, as the preview shows it. */
const STATUS_TEXT: Record<PublicationImportEntry['status'], string> = {
  new: 'New',
  updated: 'Updated',
  unchanged: 'Unchanged',
  skipped: 'Skipped',
};

/** The research publication's definition, as every entity's (its field labels). */
const PUBLICATION: EntityDef = researchPublication;

/** A changed field's label ("Paper title"), from the entity definition. */
const labelOf = (name: string) => PUBLICATION.fields.find((f) => f.name === name)?.label ?? name;

/** What the preview's last column says: the fields that change, why an entry is skipped, and what was adjusted. */
const detailOf = (e: PublicationImportEntry): string =>
  [e.changed_fields?.length ? `Changes: ${e.changed_fields.map(labelOf).join(', ')}` : '', e.reason ?? '', ...(e.notes ?? [])]
    .filter(Boolean)
    .join('. ');

const COLUMNS: TableColumn<PublicationImportEntry>[] = [
  { key: 'title', header: 'Title', value: (e) => e.title || `(entry ${e.position} has no title)`, priority: 1, wide: true },
  {
    key: 'status',
    header: 'Status',
    value: (e) => STATUS_TEXT[e.status],
    render: (e) => <span className={`import-status import-${e.status}`}>{STATUS_TEXT[e.status]}</span>,
    priority: 2,
  },
  { key: 'year', header: 'Year', value: (e) => e.year ?? null, priority: 2 },
  { key: 'doi', header: 'DOI', value: (e) => e.doi ?? '', priority: 2, wide: true },
  { key: 'detail', header: 'Changes or reason', value: detailOf, priority: 2, wide: true },
];

/** What the file chooser says under it. */
const HINT =
  "Export it from Google Scholar, Scopus, Zotero, Mendeley or a publisher's page. Entries are matched to your publications by DOI, " +
  'else by title and year, so importing a file again adds nothing twice.';

/** "3 new, 1 updated, 2 unchanged, 0 skipped". */
const tally = (r: PublicationImportResult) =>
  `${r.counts.new} new, ${r.counts.updated} updated, ${r.counts.unchanged} unchanged, ${r.counts.skipped} skipped`;

/**
 * The Research publication page's "Import BibTeX / RIS" button and its dialog: the member chooses a `.bib` or `.ris`
 * file (and the level given to new publications); the file is sent with `dry_run=1` and the preview lists each entry
 * (status, title, year, DOI, the fields that change or why it is skipped) with the counts; "Import N entries" sends it
 * again to be written (new and updated entries; unchanged and skipped ones are left). Then a popup says what was
 * done, the dialog closes and the publication lists read again (as after a save). A file the server refuses shows its
 * reason in the dialog. Shown only to whoever may add publications here (not to an admin reading a member's).
 */
export function PublicationImport() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [level, setLevel] = useState<string>('International');
  const [preview, setPreview] = useState<PublicationImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const qc = useQueryClient();

  const reset = () => {
    setFile(null);
    setPreview(null);
    setProblem(null);
  };
  const close = () => {
    setOpen(false);
    reset();
  };
  /** Sends the file: a preview (`dryRun`) or the import. @returns the server's answer, or null after a refusal (shown) */
  const send = async (chosen: File, dryRun: boolean): Promise<ResponseOf<typeof publicationImportRoute> | null> => {
    setProblem(null);
    if (chosen.size > MAX_PUBLICATION_IMPORT_BYTES) {
      setProblem(`The file is larger than ${MAX_PUBLICATION_IMPORT_BYTES / 1024} KB; import it in parts`);
      return null;
    }
    setBusy(true);
    try {
      const query = { level_status: level, dry_run: dryRun ? '1' : undefined };
      return await call(publicationImportRoute, { query, body: await chosen.text() }, { quiet: true });
    } catch (e) {
      setProblem(e instanceof ApiError ? e.detail : 'The file could not be read');
      return null;
    } finally {
      setBusy(false);
    }
  };
  const choose = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (chosen) setPreview((await send(chosen, true))?.data ?? null);
  };
  const runImport = async () => {
    if (!file) return;
    const res = await send(file, false);
    if (!res) return;
    // Many records may have been created or changed: every publication list and reference reads again.
    void qc.invalidateQueries({ queryKey: qk.lists(listPathOf(researchPublication)) });
    void qc.invalidateQueries({ queryKey: qk.allRefs(researchPublication.name) });
    invalidateAfterWrite(qc, researchPublication);
    showPopup('success', res.message ?? `Imported: ${tally(res.data)}`);
    close();
  };
  const writes = preview ? preview.counts.new + preview.counts.updated : 0;
  return (
    <>
      <Button label="Import BibTeX / RIS" icon="pi pi-upload" outlined onClick={() => setOpen(true)} />
      <Dialog header="Import publications from BibTeX or RIS" visible={open} onHide={close} style={{ width: 'min(64rem, 96vw)' }}>
        <div className="form-grid">
          <ImportFileField
            id="pub-import-file"
            label="BibTeX or RIS file"
            accept=".bib,.bibtex,.ris,.txt,text/plain,application/x-bibtex,application/x-research-info-systems"
            onFile={(f) => void choose(f)}
            hint={HINT}
          />
          <div className="form-field">
            <label htmlFor="pub-import-level">Level of new publications</label>
            <Dropdown
              inputId="pub-import-level"
              value={level}
              options={EVENT_LEVELS.map((value) => ({ value, label: value }))}
              onChange={(e) => setLevel(e.value)}
            />
          </div>
        </div>
        {problem ? (
          <div className="import-errors" role="alert">
            {problem}
          </div>
        ) : null}
        {preview ? (
          <>
            <p className="import-result" role="status">
              {preview.entries.length} entries in the file: {tally(preview)}. Nothing is written until you import.
            </p>
            <ResponsiveTable label="Entries of the file" rows={preview.entries} columns={COLUMNS} rowKey={(e) => String(e.position)} />
          </>
        ) : null}
        <div className="form-actions">
          <Button label="Cancel" outlined onClick={close} />
          <Button
            label={writes ? `Import ${writes} ${writes === 1 ? 'entry' : 'entries'}` : 'Nothing to import'}
            icon="pi pi-check"
            disabled={!preview || !writes || busy}
            loading={busy}
            onClick={() => void runImport()}
          />
        </div>
      </Dialog>
    </>
  );
}
