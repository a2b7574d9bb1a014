import type { FormEvent, ReactNode } from 'react';

/**
 * The small card of the pages people see before signing in (sign-in, the invitation's set-password page): plain
 * inputs styled with PrimeReact's classes, so PrimeReact's JavaScript stays out of the first page.
 */
export function SignInCard(props: { onSubmit: (e: FormEvent) => void; children: ReactNode }) {
  return (
    <div className="sign-in">
      <form className="sign-in-card" onSubmit={props.onSubmit} noValidate>
        <h1>Attain</h1>
        {props.children}
      </form>
    </div>
  );
}

/** One labelled plain input of the card. */
export function CardField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.id}
        className="p-inputtext p-component"
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        autoFocus={props.autoFocus}
      />
    </>
  );
}

/** The card's error line (announced) and its submit button, which says `busyLabel` while the call runs. */
export function CardSubmit(props: { error: string; busy: boolean; label: string; busyLabel: string }) {
  return (
    <>
      {props.error ? (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      ) : null}
      <button type="submit" className="p-button p-component sign-in-button" disabled={props.busy}>
        <span className="p-button-label">{props.busy ? props.busyLabel : props.label}</span>
      </button>
    </>
  );
}
