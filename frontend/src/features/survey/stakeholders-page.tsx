import { Button } from 'primereact/button';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { hrefWith } from '../../app/navigation';
import { useMay } from '../../app/state';
import { EntityPage } from '../../components/entity/entity-page';
import { StakeholderImport } from './stakeholder-import';

/**
 * `/survey/manage-stakeholder` (spec part 2 §2, §4): the stakeholders of the campus's curricula with the spec's
 * filters (department, program, curriculum, group); the add form opens from the spec's 'Add Topic' button and closes
 * on submit, leaving the list on the same route. Admins load many at once from CSV or XLSX. Students are not entered
 * here: a curriculum's roster (Attainment > Students) is whom a survey invites as students.
 */
export function StakeholdersPage() {
  const administers = useMay('administer-campus');
  const [open, setOpen] = useState(false);
  const [params] = useSearchParams();
  const chosen = params.get('curriculum') ?? undefined;
  return (
    <>
      <EntityPage
        key="stakeholder"
        entityName="stakeholder"
        title="Stakeholders"
        addLabel="Add Topic"
        intro={
          <p className="hint">
            Employers, alumni and other stakeholders a survey may invite. Students of a curriculum are invited from its roster (
            <Link to={hrefWith('/attainment/students', { curriculum: chosen })}>Attainment &gt; Students</Link>) and need not be added here.
          </p>
        }
        toolbar={administers ? <Button label="Load CSV or XLSX" icon="pi pi-upload" outlined onClick={() => setOpen(true)} /> : null}
      />
      {open ? <StakeholderImport onHide={() => setOpen(false)} curriculum={chosen} /> : null}
    </>
  );
}
