import type { QuestionResult, ScalePoint } from '@attain/shared-types';
import { countOf, levelText, percentText, shareText } from './survey-numbers';

/**
 * One rating question's answers as horizontal bars, one per scale point (lowest first): the point's label, a bar
 * as long as its share, and the count and share in words (`12 (40.0 %)`, with the paper answers among them when
 * there are any), so nothing is told by colour or length alone. The caption gives the question, the outcome it
 * assesses, its survey percent, level and respondents.
 */
export function DistributionChart({ result, scale, number }: { result: QuestionResult; scale: readonly ScalePoint[]; number: number }) {
  const { question, counts, offline, respondents } = result;
  const paper = offline.some((c) => c > 0);
  return (
    <figure className="distribution" aria-labelledby={`dist-${question.id}`}>
      <figcaption id={`dist-${question.id}`}>
        <strong>{`${number}. ${question.text}`}</strong>
        {question.outcome_code ? <span className="distribution-outcome">{question.outcome_code}</span> : null}
        <span className="distribution-summary">
          {`${percentText(result.percent)}, level ${levelText(result.level)}, ${countOf(respondents, 'respondent')}`}
        </span>
      </figcaption>
      <ul className="distribution-bars">
        {scale.map((p, k) => {
          const count = counts[k] ?? 0;
          const share = respondents ? (count / respondents) * 100 : 0;
          return (
            <li key={p.label}>
              <span className="bar-label">{p.label}</span>
              <span className="bar-track" aria-hidden>
                <span className="bar-fill" style={{ width: `${share}%` }} />
              </span>
              <span className="bar-value">
                {`${count} (${shareText(count, respondents)})`}
                {paper && offline[k] ? <small>{` ${offline[k]} on paper`}</small> : null}
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
