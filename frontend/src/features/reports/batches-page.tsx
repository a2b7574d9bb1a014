import { BATCH_COLUMNS, batchImportRoute, batchPerformance, program } from '@attain/shared-types';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../app/api-client';
import { useMay } from '../../app/state';
import { EntityPage } from '../../components/entity/entity-page';
import { RecordsFileImport } from '../../components/entity/records-file-import';
import { BatchFigures } from './batch-figures';

/** The template's example rows: a batch that has graduated and one in its second year (sample figures). */
const TEMPLATE_ROWS = [
  [...BATCH_COLUMNS],
  BATCH_COLUMNS.map(
    (c) =>
      ({ entry_year: '2021-22', sanctioned: '60', admitted: '58', lateral: '6', year1_appeared: '58', year1_successful: '55' })[c] ?? '',
  ),
  BATCH_COLUMNS.map(
    (c) => ({ entry_year: '2024-25', sanctioned: '60', admitted: '57', note: 'Sample row: replace with your figures' })[c] ?? '',
  ),
];

/** What the file's columns are, under the file field. */
const COLUMNS_HINT =
  `Columns: ${BATCH_COLUMNS.join(', ')}. Only entry_year is required; year1_ to year4_ are the years of study. ` +
  'Placement lists are entered on the batch.';

/**
 * Reports > SAR: Students' Performance: a program's batches (Criterion 4), entered one by one or, for admins, loaded
 * from a CSV or XLSX file with one row per entry year (`BATCH_COLUMNS`; a file with any wrong row is refused whole).
 */
export function BatchesPage() {
  const administers = useMay('administer-campus');
  const [open, setOpen] = useState(false);
  const [params] = useSearchParams();
  return (
    <>
      <EntityPage
        key="batches"
        entityName="batch-performance"
        title="Students’ Performance (batches)"
        filters={['program']}
        formBefore={(form, chosen) => <BatchFigures form={form} chosen={chosen} />}
        toolbar={administers ? <Button label="Load CSV or XLSX" icon="pi pi-upload" outlined onClick={() => setOpen(true)} /> : null}
      />
      {open ? (
        <RecordsFileImport
          header="Load batches from CSV or XLSX"
          entity={batchPerformance}
          target={{
            entity: program,
            initial: params.get('program') ?? undefined,
            hint: 'One row per entry year; a batch already entered is updated.',
          }}
          columnsHint={COLUMNS_HINT}
          template={{ name: 'batches-template', rows: TEMPLATE_ROWS }}
          load={(target, csv) => call(batchImportRoute, { query: { program: target }, body: csv })}
          onHide={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
