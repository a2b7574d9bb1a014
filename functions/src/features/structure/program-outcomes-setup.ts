import {
  type CampusScope,
  type RecordOf,
  SAR_VERSION_POS,
  genericProgramOutcome,
  isKeyOf,
  program,
  sarVersionOf,
} from '@attain/shared-types';
import nba from '../../local/seed/data/nba-program-outcomes.json' with { type: 'json' };
import { HttpError } from '../../platform/lib/errors.js';
import { createRecord, getRecord, queryByField } from '../../platform/store/records.js';

/** The NBA PO lists a program can start from (data/SOURCES.md: PO12-A and PO11-A). */
export const PO_FRAMEWORKS = {
  nba_12_po: nba.nba_12_po,
  nba_11_po_gapc_v4: nba.nba_11_po_gapc_v4,
} as const;
export type PoFramework = keyof typeof PO_FRAMEWORKS;

/**
 * Gives a program its own, editable copy of an NBA PO list (PO1..PO12, or the 11 POs of GAPC v4).
 * @param framework the list (`PoFramework`); undefined: the list of the program's SAR format (`SAR_VERSION_POS`: the
 *   2025 format's 11 POs, the earlier formats' 12), so a program's SAR prints every PO it was given
 * @returns the created `generic-program-outcome` records (outcome_type PO), in order
 * @throws HttpError 400 for an unknown framework, 404 for an unknown program, 409 when the program already has POs
 */
export async function setUpProgramOutcomes(
  scope: CampusScope,
  programId: string,
  framework: string | undefined,
): Promise<RecordOf<typeof genericProgramOutcome>[]> {
  if (framework !== undefined && !isKeyOf(PO_FRAMEWORKS, framework))
    throw new HttpError(400, 'Choose one of the NBA PO lists', { framework: 'Not one of the allowed choices' });
  const prog = await getRecord(scope, program, programId);
  const chosen: PoFramework =
    framework ??
    (SAR_VERSION_POS[sarVersionOf(typeof prog.sar_version === 'string' ? prog.sar_version : undefined)] === 11
      ? 'nba_11_po_gapc_v4'
      : 'nba_12_po');
  const existing = (await queryByField(scope, genericProgramOutcome, 'program', prog.id)).filter((o) => o.outcome_type === 'PO');
  if (existing.length) throw new HttpError(409, `${prog.title} already has ${existing.length} POs; edit or delete them instead`);
  const list = PO_FRAMEWORKS[chosen];
  const out: RecordOf<typeof genericProgramOutcome>[] = [];
  for (const po of list.outcomes) {
    out.push(
      await createRecord(scope, genericProgramOutcome, {
        program: prog.id,
        outcome_type: 'PO',
        po_reference: po.code,
        title: po.title,
        statement: po.statement,
        framework: list.framework,
      }),
    );
  }
  return out;
}
