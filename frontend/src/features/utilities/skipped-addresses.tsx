import type { SendMailResponse } from '@attain/shared-types';
import { Button } from 'primereact/button';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

/**
 * After a send: the addresses the mail was not sent to and why (the campus's suppression list, ...), with a link to
 * the suppression list for administrators. Stays until dismissed or the next send.
 */
export function SkippedAddresses(props: { skipped: SendMailResponse['skipped']; administers: boolean; onDismiss: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  // Braces: scrollIntoView returns a promise in newer browsers, and an effect may return only its cleanup.
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [props.skipped]);
  const n = props.skipped.length;
  return (
    <div className="mail-skipped" role="status" ref={box}>
      <div className="mail-skipped-head">
        <strong>{`Not sent to ${n} address${n === 1 ? '' : 'es'}:`}</strong>
        <Button
          type="button"
          icon="pi pi-times"
          text
          rounded
          size="small"
          aria-label="Dismiss the skipped addresses"
          onClick={props.onDismiss}
        />
      </div>
      <ul>
        {props.skipped.map((s) => (
          <li key={s.address}>
            <span className="mail-skipped-address">{s.address}</span>: {s.reason}
          </li>
        ))}
      </ul>
      {props.administers ? (
        <p className="hint">
          Addresses that bounced or complained are on the <Link to="/utilities/suppression-list">suppression list</Link>.
        </p>
      ) : null}
    </div>
  );
}
