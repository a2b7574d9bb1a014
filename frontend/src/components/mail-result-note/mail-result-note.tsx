import { Button } from 'primereact/button';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

/** Someone a mail run left out, and why; a student's roll number is shown before their name. */
export interface MailResultSkip {
  roll_no?: string;
  name: string;
  email?: string;
  reason: string;
}

/**
 * What a mail run did (a survey's invitation or reminder, a roster's account invitation): the head line the page words
 * (how many were mailed), a link to that mail's receipts in Utilities, and the people left out with why (no e-mail,
 * already invited, on the suppression list). Stays until dismissed or the next run. `scrollIntoView` brings the note
 * into view when it shows away from the button that sent the mail.
 */
export function MailResultNote(props: {
  result: { mail: string | null; skipped: readonly MailResultSkip[] };
  /** The head line, e.g. `Invitations mailed to 2 people.` */
  mailed: string;
  /** Over the list of those left out, e.g. `Not mailed to 1 person:` */
  notMailed: string;
  scrollIntoView?: boolean;
  onDismiss: () => void;
}) {
  const { result, scrollIntoView } = props;
  const box = useRef<HTMLDivElement>(null);
  // Braces: scrollIntoView returns a promise in newer browsers, and an effect may return only its cleanup.
  useEffect(() => {
    if (scrollIntoView) box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [result, scrollIntoView]);
  const n = result.skipped.length;
  return (
    <div className={n ? 'mail-skipped' : 'recipients-note'} role="status" ref={box}>
      <div className="mail-skipped-head">
        <strong>
          {props.mailed} {result.mail ? <Link to={`/utilities?mail=${encodeURIComponent(result.mail)}`}>Receipts of this mail</Link> : null}
        </strong>
        <Button type="button" icon="pi pi-times" text rounded size="small" aria-label="Dismiss this note" onClick={props.onDismiss} />
      </div>
      {n ? (
        <>
          <p className="survey-skipped-head">{props.notMailed}</p>
          <ul>
            {result.skipped.map((s, i) => (
              <li key={`${s.roll_no ?? s.email ?? s.name}#${i}`}>
                <span className="mail-skipped-address">{s.roll_no ? `${s.roll_no} ${s.name}` : s.name}</span>
                {s.email ? ` (${s.email})` : ''}: {s.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
