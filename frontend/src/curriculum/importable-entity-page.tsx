import type { ImportKind } from '@attain/shared-types';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { profileAtom } from '../app/state';
import { EntityPage } from '../entity/entity-page';
import { clearRefCache } from '../entity/use-ref-options';
import { ImportDialog } from './import-dialog';

/**
 * A registry entity's generic page with the admins' "Load CSV" button: the import dialog offers `kinds`, and a
 * finished load refreshes the table and the reference pickers.
 */
export function ImportableEntityPage(props: { entityName: string; title: string; filters: readonly string[]; kinds?: readonly ImportKind[] }) {
  const isAdmin = useAtomValue(profileAtom)?.role === 'admin';
  const [open, setOpen] = useState(false);
  const [version, setVersion] = useState(0);
  return (
    <>
      <EntityPage
        key={`${props.entityName}-${version}`}
        entityName={props.entityName}
        title={props.title}
        filters={props.filters}
        toolbar={isAdmin ? <Button label="Load CSV" icon="pi pi-upload" outlined onClick={() => setOpen(true)} /> : null}
      />
      <ImportDialog
        visible={open}
        kinds={props.kinds}
        onHide={() => setOpen(false)}
        onDone={() => {
          clearRefCache();
          setVersion((v) => v + 1);
        }}
      />
    </>
  );
}
