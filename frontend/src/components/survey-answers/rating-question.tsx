import type { PublicSurvey, ScalePoint } from '@attain/shared-types';

/**
 * One rating question of the public survey: a fieldset whose legend is the question, and a radio button per scale
 * point (lowest first) with its label, each a large target; the arrow keys move between them as in any radio group.
 * Every rating question needs an answer (`required`); `error` (e.g. `Required`) shows under the legend and is read
 * with the group.
 */
export function RatingQuestion(props: {
  number: number;
  question: PublicSurvey['questions'][number];
  scale: readonly ScalePoint[];
  value: number | undefined;
  error?: string;
  onChange: (index: number) => void;
}) {
  const { question: q, error } = props;
  const name = `answer-${q.id}`;
  const errorId = `${name}-error`;
  return (
    <fieldset className={`survey-question${error ? ' invalid' : ''}`} aria-describedby={error ? errorId : undefined}>
      <legend>
        <span className="question-number">{`${props.number}.`}</span> {q.text}
        <span className="req" aria-hidden>
          {' *'}
        </span>
      </legend>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      <div className="choices">
        {props.scale.map((p, k) => (
          <label key={`${k}:${p.label}`} className="choice">
            <input
              type="radio"
              name={name}
              value={k}
              checked={props.value === k}
              required
              aria-invalid={error ? true : undefined}
              onChange={() => props.onChange(k)}
            />
            <span>{p.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
