import { SAR_VERSION_POS, genericProgramOutcome, program, programOutcomeSetupRoute, sarVersionOf, textOf } from '@attain/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { useMay, showPopup } from '../../app/state';
import { EntityPage } from '../../components/entity/entity-page';
import { invalidateAfterWrite, listPathOf } from '../../components/entity/list-cache';
import { useRefRecords } from '../../components/entity/ref-records';
import { PoMoveDialog } from './po-move-dialog';

/** The list's columns when no program is chosen: each outcome's reference, then whose it is. */
const WITH_PROGRAM = ['po_reference', 'program', ...genericProgramOutcome.columns.filter((c) => c !== 'po_reference')];
/** An outcome of no program is one of the campus's NBA reference list. */
const BLANK = { program: 'NBA reference list' };

/**
 * Configuration > Generic Program Outcomes: per program, its POs (copied from NBA's list with one click, then
 * editable) and the PSOs and PEOs it adds. Without a program chosen, every program's outcomes show with a Program column.
 */
export function ProgramOutcomesPage() {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('program');
  // `move=1` (the SAR readiness page's link) opens the move's preview at once.
  const [moving, setMoving] = useState(params.get('move') === '1');
  const closeMove = () => {
    setMoving(false);
    if (params.has('move')) {
      const next = new URLSearchParams(params);
      next.delete('move');
      setParams(next, { replace: true });
    }
  };
  const administers = useMay('administer-campus');
  const chosenProgram = useRefRecords(chosen ? [{ target: program, ids: [chosen] }] : [])(program, chosen);
  const title = chosenProgram?.title;
  // The move to the 2025 format's 11 POs is offered for a program that follows it (the dialog says what it changes).
  const elevenPos = chosenProgram ? SAR_VERSION_POS[sarVersionOf(textOf(chosenProgram.sar_version))] === 11 : false;
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
        administers && chosen ? (
          <>
            <Button label="Add NBA's 12 POs" icon="pi pi-download" outlined onClick={() => setUp.mutate('nba_12_po')} />
            <Button label="Add NBA's 11 POs (GAPC v4)" icon="pi pi-download" outlined onClick={() => setUp.mutate('nba_11_po_gapc_v4')} />
            {elevenPos ? (
              <>
                <Button label="Move to the format’s 11 POs" icon="pi pi-arrow-right-arrow-left" outlined onClick={() => setMoving(true)} />
                <PoMoveDialog programId={chosen} visible={moving} onHide={closeMove} />
              </>
            ) : null}
          </>
        ) : null
      }
    />
  );
}
