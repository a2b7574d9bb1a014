import {
  type BodyOf,
  type PublicSurvey,
  PUBLIC_SURVEY_REFUSALS,
  type ResponseOf,
  answerSurveyRoute,
  fillPath,
  isOneOf,
  objectOrEmpty,
  publicSurveyRoute,
} from '@attain/shared-types';
import { type AnswerSent, type Refusal, failedAnswer } from '../../components/survey-answers/answer-sent';

export type { AnswerSent, Refusal };

/** What reading a link gave: the survey, a refusal, or no answer at all (no connection). */
export type SurveyRead = { kind: 'survey'; survey: PublicSurvey } | { kind: 'refused'; refusal: Refusal } | { kind: 'unreachable' };

/** The JSON body of a response, or {} when it has none. */
const bodyOf = async (res: Response): Promise<Record<string, unknown>> => objectOrEmpty(await res.json().catch(() => ({})));

/** `v` when it is text, else undefined. */
const textOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** What a failed response means (`failedAnswer`), from its `errors` (`reason`, `detail`, `fields`, `opens_on`). */
function failureOf(status: number, body: Record<string, unknown>): AnswerSent {
  const errors = objectOrEmpty(body.errors);
  const fields = Object.fromEntries(
    Object.entries(objectOrEmpty(errors.fields)).flatMap(([k, m]) => (typeof m === 'string' ? [[k, m] as const] : [])),
  );
  return failedAnswer(status, {
    detail: textOf(errors.detail),
    fields,
    ...(isOneOf(PUBLIC_SURVEY_REFUSALS, errors.reason) ? { reason: errors.reason } : {}),
    opensOn: textOf(errors.opens_on),
  });
}

/**
 * The path of a public survey route with the link's token. These two routes are called with plain `fetch` rather than
 * the signed-in client (`call`), so the page loads none of the signed-in app; their contracts still give the path and types.
 */
const at = (route: typeof publicSurveyRoute | typeof answerSurveyRoute, token: string) => fillPath(route.path, { token });

/**
 * Reads the survey behind an invitation's link (`GET /api/public/survey/{token}`), without signing in: plain `fetch`,
 * no token, so the page loads none of the signed-in app.
 */
export async function readSurvey(token: string): Promise<SurveyRead> {
  let res: Response;
  try {
    res = await fetch(at(publicSurveyRoute, token), { headers: { accept: 'application/json' } });
  } catch {
    return { kind: 'unreachable' };
  }
  const body = await bodyOf(res);
  if (res.ok) return { kind: 'survey', survey: body.data as ResponseOf<typeof publicSurveyRoute>['data'] };
  const failed = failureOf(res.status, body);
  return { kind: 'refused', refusal: failed.kind === 'refused' ? failed.refusal : { reason: 'invalid', detail: '' } };
}

/** Sends a respondent's answers (`POST /api/public/survey/{token}`, `SurveyAnswerBody`). */
export async function sendAnswers(token: string, body: BodyOf<typeof answerSurveyRoute>): Promise<AnswerSent> {
  let res: Response;
  try {
    res = await fetch(at(answerSurveyRoute, token), {
      method: answerSurveyRoute.method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'unreachable' };
  }
  const json = await bodyOf(res);
  if (res.ok) return { kind: 'thanks', endText: textOf(objectOrEmpty(json.data).end_text) };
  return failureOf(res.status, json);
}
