import { type SentMail, type SentMailDetail, resumeMailRoute, sentMail } from '@attain/shared-types';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { putSaved } from '../../components/entity/list-cache';

/**
 * Puts a mail the server answered with (a new one, a resumed one) into the cached lists of sent mail (first for a
 * new one) and into its cached receipts, keeping the recipients those hold (the answer carries none).
 */
export function putMail(qc: QueryClient, mail: SentMail): void {
  const key = qk.record(sentMail.path, mail.id);
  const detail = qc.getQueryData<SentMailDetail>(key);
  putSaved(qc, sentMail, mail as never);
  if (detail) qc.setQueryData<SentMailDetail>(key, { ...detail, ...mail });
  else qc.removeQueries({ queryKey: key });
}

/**
 * Asks the worker to go on with a stopped (`stalled`) mail: `POST /api/send-mail/{id}/resume`.
 * @returns the mail as it stands now
 */
export async function resumeMail(id: string): Promise<SentMail> {
  return (await call(resumeMailRoute, { params: { mail: id } })).data;
}
