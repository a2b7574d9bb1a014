import { type EntityRecord, program } from '@attain/shared-types';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../app/api';
import { profileAtom, showPopup } from '../app/state';
import { EntityPage } from '../entity/entity-page';
import { clearRefCache, loadAll } from '../entity/use-ref-options';

/**
 * Configuration > Generic Program Outcomes: per program, its POs (copied from NBA's list with one click, then
 * editable) and the PSOs and PEOs it adds. Without a program chosen, the campus-wide NBA reference list shows.
 */
export function ProgramOutcomesPage() {
  const [params] = useSearchParams();
  const chosen = params.get('program');
  const isAdmin = useAtomValue(profileAtom)?.role === 'admin';
  const [programs, setPrograms] = useState<EntityRecord[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => void loadAll(program.path).then(setPrograms), []);
  const setUp = async (framework: string) => {
    const res = await api<{ message: string }>('POST', '/api/generic-program-outcome/setup', { program: chosen, framework });
    showPopup('success', res.message);
    clearRefCache();
    setVersion((v) => v + 1);
  };
  const title = programs.find((p) => p.id === chosen)?.title;
  return (
    <EntityPage
      key={`${chosen}-${version}`}
      entityName="generic-program-outcome"
      title={title ? `Program outcomes of ${String(title)}` : 'Generic Program Outcomes'}
      filters={['program', 'outcome_type']}
      toolbar={
        isAdmin && chosen ? (
          <>
            <Button label="Add NBA's 12 POs" icon="pi pi-download" outlined onClick={() => void setUp('nba_12_po').catch(() => undefined)} />
            <Button label="Add NBA's 11 POs (GAPC v4)" icon="pi pi-download" outlined onClick={() => void setUp('nba_11_po_gapc_v4').catch(() => undefined)} />
          </>
        ) : null
      }
    />
  );
}
