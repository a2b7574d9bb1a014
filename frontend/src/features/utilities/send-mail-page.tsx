import { MESSAGES, type SendMailResponse, type SentMail, sendMailRoute, sentMail, may } from '@attain/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Divider } from 'primereact/divider';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../app/api-client';
import { profileAtom, showPopup } from '../../app/state';
import { EntityForm } from '../../components/entity/entity-form';
import { askToDiscard } from '../../components/form/discard-changes';
import { overlayOpen } from '../../components/form/form-dialog';
import { CourseRecipients } from './course-recipients';
import { DepartmentRecipients } from './department-recipients';
import { putMail } from './mail-cache';
import { MailReceipts } from './mail-receipts';
import { SentMailTable } from './sent-mail-table';
import { SkippedAddresses } from './skipped-addresses';

/** Fields the recipient pickers show themselves (the generic grid leaves them out). */
const PICKER_FIELDS = ['department', 'role'] as const;
/** The query parameter naming the mail whose receipts are open (so they can be bookmarked and linked to). */
const OPEN_MAIL = 'mail';

/**
 * `/utilities` (spec part 2: "Send Mail form plus a table of sent mails"): the form of the `sentMail` registry entity
 * (To and Cc as address chips, subject, rich-text message, signature, attachments), filled from a department's
 * administrators or faculty (admins) or a course's students (faculty); Send posts it (`POST /api/send-mail`): the
 * popup says 'successfully created', addresses the server skipped are listed with why, and the form is cleared. A
 * refused send shows the messages under the fields and keeps what was typed; Escape on a changed form asks before
 * clearing it. Below, the sent mail with live progress and receipts; a row opens its receipts (`?mail=<id>`).
 */
export function SendMailPage() {
  const me = useAtomValue(profileAtom);
  const role = me?.role;
  const canSend = sentMail.writeRoles.some((r) => r === role);
  // Who administers the campus mails anyone (a department's administrators or faculty); the others their courses' students.
  const administers = may(me, 'administer-campus');
  const [round, setRound] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [skipped, setSkipped] = useState<SendMailResponse['skipped']>([]);
  const [sent, setSent] = useState<{ id: string; n: number } | null>(null);
  const [params, setParams] = useSearchParams();
  const open = params.get(OPEN_MAIL);
  const setOpen = useCallback(
    (id: string | null) =>
      setParams(
        (p) => {
          const n = new URLSearchParams(p);
          if (id) n.set(OPEN_MAIL, id);
          else n.delete(OPEN_MAIL);
          return n;
        },
        { replace: !id },
      ),
    [setParams],
  );
  const qc = useQueryClient();
  const clear = () => {
    setRound((r) => r + 1);
    setDirty(false);
  };
  const send = useMutation({
    mutationFn: (values: Record<string, unknown>) => call(sendMailRoute, { body: values }),
    onMutate: () => setSkipped([]),
    onSuccess: (res) => {
      putMail(qc, res.data);
      showPopup('success', res.message || MESSAGES.created);
      setSkipped(res.skipped ?? []);
      setSent((s) => ({ id: res.data.id, n: (s?.n ?? 0) + 1 }));
      clear();
    },
  });
  return (
    <section>
      <div className="page-head">
        <h2>Send Mail</h2>
      </div>
      {skipped.length ? <SkippedAddresses skipped={skipped} administers={administers} onDismiss={() => setSkipped([])} /> : null}
      {canSend ? (
        <div
          className="inline-form mail-form"
          // Capture: decided before an open dropdown closes itself on the same key.
          onKeyDownCapture={(e) => {
            if (e.key !== 'Escape' || !dirty || overlayOpen()) return;
            e.preventDefault();
            askToDiscard(clear, 'This mail has changes that are not sent. Clear the form and lose them?');
          }}
        >
          <EntityForm
            key={`mail#${round}`}
            def={sentMail}
            hidden={PICKER_FIELDS}
            before={(form, chosen) =>
              administers ? <DepartmentRecipients form={form} chosen={chosen} /> : <CourseRecipients form={form} />
            }
            submitLabel="Send"
            onDirtyChange={setDirty}
            onSubmit={async (values) => void (await send.mutateAsync(values))}
          />
        </div>
      ) : null}
      <Divider />
      <h3>Sent mail</h3>
      <SentMailTable highlight={sent} onOpen={(m: SentMail) => setOpen(m.id)} />
      {open ? <MailReceipts key={open} id={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
