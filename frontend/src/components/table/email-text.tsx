import { Fragment } from 'react';

/**
 * An e-mail address that wraps only after its `@` and before its dots (`<wbr>`, which a copy leaves out), never in
 * the middle of a name, when a narrow column or a phone has no room for it on one line.
 */
export function EmailText({ value }: { value: string }) {
  const parts = value.split(/(?=\.)|(?<=@)/);
  return (
    <span className="email-text">
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i ? <wbr /> : null}
          {p}
        </Fragment>
      ))}
    </span>
  );
}
