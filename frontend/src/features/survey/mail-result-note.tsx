import type { SurveyMailResult } from '@attain/shared-types';
import { Button } from 'primereact/button';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { peopleText } from './survey-numbers';

/**
 * What an invitation or a reminder did: how many people were mailed, a link to that mail's receipts in Utilities,
 * and the people left out with why (no e-mail, already invited, on the suppression list). Stays until dismissed or
 * the next invitation.
 */
export function MailResultNote(props: { result: SurveyMailResult; what: 'Invitations' | 'Reminders'; onDismiss: () => void }) {
  const { result } = props;
  const box = useRef<HTMLDivElement>(null);
  // Braces: scrollIntoView returns a promise in newer browsers, and an effect may return only its cleanup.
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [result]);
  const n = result.skipped.length;
  return (
    <div className={n ? 'mail-skipped' : 'recipients-note'} role="status" ref={box}>
      <div className="mail-skipped-head">
        <strong>
          {`${props.what} mailed to ${peopleText(result.mailed)}.`}{' '}
          {result.mail ? <Link to={`/utilities?mail=${encodeURIComponent(result.mail)}`}>Receipts of this mail</Link> : null}
        </strong>
        <Button type="button" icon="pi pi-times" text rounded size="small" aria-label="Dismiss this note" onClick={props.onDismiss} />
      </div>
      {n ? (
        <>
          <p className="survey-skipped-head">{`Not mailed to ${peopleText(n)}:`}</p>
          <ul>
            {result.skipped.map((s, i) => (
              <li key={`${s.email ?? s.name}#${i}`}>
                <span className="mail-skipped-address">{s.name}</span>
                {s.email ? ` (${s.email})` : ''}: {s.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
