import {
  type BodyOf,
  type PublicSurvey,
  type PublicSurveyRefusal,
  PUBLIC_SURVEY_REFUSALS,
  type ResponseOf,
  answerSurveyRoute,
  fillPath,
  isOneOf,
  objectOrEmpty,
  publicSurveyRoute,
} from '@attain/shared-types';

/** Why a link shows no survey: the server's reason, its sentence, and for a survey not open yet when it opens. */
export interface Refusal {
  reason: PublicSurveyRefusal;
  detail: string;
  opensOn?: string;
}

/** What reading a link gave: the survey, a refusal, or no answer at all (no connection). */
export type SurveyRead = { kind: 'survey'; survey: PublicSurvey } | { kind: 'refused'; refusal: Refusal } | { kind: 'unreachable' };

/** What sending the answers gave: thanks, answers the server refused (per question), a refusal, or no answer. */
export type AnswerSent =
  | { kind: 'thanks'; endText?: string }
  | { kind: 'invalid'; detail: string; fields: Record<string, string> }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'unreachable' };

/** The reason a refusal's status means, when the body does not say (a proxy's own 429, a bare 404). */
const BY_STATUS: Readonly<Record<number, PublicSurveyRefusal>> = { 404: 'invalid', 409: 'used', 410: 'expired', 429: 'busy' };

/** The JSON body of a response, or {} when it has none. */
const bodyOf = async (res: Response): Promise<Record<string, unknown>> => objectOrEmpty(await res.json().catch(() => ({})));

/** `v` when it is text, else undefined. */
const textOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The refusal a failed response carries (`errors.reason`, else the status's), or null for another failure. */
function refusalOf(status: number, body: Record<string, unknown>): Refusal | null {
  const errors = objectOrEmpty(body.errors);
  const reason = isOneOf(PUBLIC_SURVEY_REFUSALS, errors.reason) ? errors.reason : BY_STATUS[status];
  return reason ? { reason, detail: textOf(errors.detail) ?? '', opensOn: textOf(errors.opens_on) } : null;
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
  return { kind: 'refused', refusal: refusalOf(res.status, body) ?? { reason: 'invalid', detail: '' } };
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
  const errors = objectOrEmpty(json.errors);
  if (res.status === 400) {
    const fields = Object.fromEntries(
      Object.entries(objectOrEmpty(errors.fields)).flatMap(([k, m]) => (typeof m === 'string' ? [[k, m] as const] : [])),
    );
    return { kind: 'invalid', detail: textOf(errors.detail) ?? 'Some answers could not be taken', fields };
  }
  const refusal = refusalOf(res.status, json);
  return refusal ? { kind: 'refused', refusal } : { kind: 'unreachable' };
}
