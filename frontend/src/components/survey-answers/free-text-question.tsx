import { MAX_FREE_TEXT, type PublicSurvey } from '@attain/shared-types';

/** One free-text question of the public survey: its label, a text area of at most `MAX_FREE_TEXT` characters, the count. */
export function FreeTextQuestion(props: {
  number: number;
  question: PublicSurvey['questions'][number];
  value: string;
  error?: string;
  onChange: (text: string) => void;
}) {
  const { question: q, error } = props;
  const id = `answer-${q.id}`;
  return (
    <div className={`survey-question${error ? ' invalid' : ''}`}>
      <label htmlFor={id} className="question-label">
        <span className="question-number">{`${props.number}.`}</span> {q.text} <span className="optional">(optional)</span>
      </label>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <textarea
        id={id}
        name={id}
        className="p-inputtextarea p-inputtext p-component"
        rows={4}
        maxLength={MAX_FREE_TEXT}
        value={props.value}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <small id={`${id}-count`} className="muted">{`${props.value.length} of ${MAX_FREE_TEXT} characters`}</small>
    </div>
  );
}
