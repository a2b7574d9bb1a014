import { genericProgramOutcome, program, programOutcomeSetupRoute } from '@attain/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { profileAtom, showPopup } from '../../app/state';
import { EntityPage } from '../../components/entity/entity-page';
import { invalidateAfterWrite, listPathOf } from '../../components/entity/list-cache';
import { useRefRecords } from '../../components/entity/ref-records';

/** The list's columns when no program is chosen: each outcome's reference, then whose it is. */
const WITH_PROGRAM = ['po_reference', 'program', ...genericProgramOutcome.columns.filter((c) => c !== 'po_reference')];
/** An outcome of no program is one of the campus's NBA reference list. */
const BLANK = { program: 'NBA reference list' };

/**
 * Configuration > Generic Program Outcomes: per program, its POs (copied from NBA's list with one click, then
 * editable) and the PSOs and PEOs it adds. Without a program chosen, every program's outcomes show with a Program column.
 */
export function ProgramOutcomesPage() {
  const [params] = useSearchParams();
  const chosen = params.get('program');
  const isAdmin = useAtomValue(profileAtom)?.role === 'admin';
  const title = useRefRecords(chosen ? [{ target: program, ids: [chosen] }] : [])(program, chosen)?.title;
  const queryClient = useQueryClient();
  const setUp = useMutation({
    mutationFn: (framework: string) => call(programOutcomeSetupRoute, { body: { program: chosen ?? '', framework } }),
    onSuccess: (res) => {
      showPopup('success', res.message ?? 'successfully created');
      // Many outcomes were created: read the outcome lists again (the one on screen at once).
      void queryClient.invalidateQueries({ queryKey: qk.lists(listPathOf(genericProgramOutcome)) });
      invalidateAfterWrite(queryClient, genericProgramOutcome);
    },
  });
  return (
    <EntityPage
      key={chosen ?? ''}
      entityName="generic-program-outcome"
      title={title ? `Program outcomes of ${String(title)}` : 'Generic Program Outcomes'}
      filters={['program', 'outcome_type']}
      // Every program's outcomes together: say whose each one is.
      columns={chosen ? undefined : WITH_PROGRAM}
      blank={BLANK}
      toolbar={
        isAdmin && chosen ? (
          <>
            <Button label="Add NBA's 12 POs" icon="pi pi-download" outlined onClick={() => setUp.mutate('nba_12_po')} />
            <Button label="Add NBA's 11 POs (GAPC v4)" icon="pi pi-download" outlined onClick={() => setUp.mutate('nba_11_po_gapc_v4')} />
          </>
        ) : null
      }
    />
  );
}
