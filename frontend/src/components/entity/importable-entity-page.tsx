import type { ImportKind } from '@attain/shared-types';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useMay } from '../../app/state';
import { EntityPage } from './entity-page';
import { ImportDialog } from './import-dialog';

/**
 * A registry entity's generic page with the admins' "Load CSV" button: the import dialog offers `kinds`. A finished
 * load may have written records of several entities (courses, outcomes, matrices, students), so every cached read
 * is marked stale: the table and pickers on screen read again, the rest when next shown.
 */
export function ImportableEntityPage(props: {
  entityName: string;
  title: string;
  filters: readonly string[];
  kinds?: readonly ImportKind[];
}) {
  const administers = useMay('administer-campus');
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  return (
    <>
      <EntityPage
        key={props.entityName}
        entityName={props.entityName}
        title={props.title}
        filters={props.filters}
        toolbar={administers ? <Button label="Load CSV" icon="pi pi-upload" outlined onClick={() => setOpen(true)} /> : null}
      />
      <ImportDialog visible={open} kinds={props.kinds} onHide={() => setOpen(false)} onDone={() => void queryClient.invalidateQueries()} />
    </>
  );
}
