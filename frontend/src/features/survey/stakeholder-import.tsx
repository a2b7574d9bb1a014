import { STAKEHOLDER_COLUMNS, STAKEHOLDER_GROUPS, curriculum, importStakeholdersRoute, stakeholder } from '@attain/shared-types';
import { call } from '../../app/api-client';
import { RecordsFileImport } from '../../components/entity/records-file-import';

/**
 * Admins' "Load CSV or XLSX" dialog of the Stakeholders page: a curriculum (whose department and program the
 * stakeholders get) and a CSV or XLSX file with the columns `STAKEHOLDER_COLUMNS` (see `RecordsFileImport`).
 */
export function StakeholderImport(props: { onHide: () => void; curriculum?: string }) {
  return (
    <RecordsFileImport
      header="Load stakeholders from CSV or XLSX"
      entity={stakeholder}
      target={{ entity: curriculum, initial: props.curriculum, hint: "The stakeholders get the curriculum's department and program." }}
      columnsHint={`Columns: ${STAKEHOLDER_COLUMNS.join(', ')}. Group is one of: ${STAKEHOLDER_GROUPS.join(', ')}.`}
      template={{
        name: 'stakeholders-template',
        rows: [[...STAKEHOLDER_COLUMNS], ['Alumni', 'Priya', 'Sharma', 'priya.sharma@example.com', '98450 12345']],
      }}
      load={(target, csv) => call(importStakeholdersRoute, { query: { curriculum: target }, body: csv })}
      onHide={props.onHide}
    />
  );
}
