import { type PublicSurveyError, answerSurveyRoute, publicSurveyRoute } from '@attain/shared-types';
import { SurveyRefusal, answerSurvey, publicSurvey } from './survey-answers.js';
import type { AppContext } from '../../platform/http/context.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/** A refused public request as its status and `{ errors: PublicSurveyError }`, never with survey data. */
const refused = (c: AppContext, e: SurveyRefusal) =>
  c.json(
    { errors: { detail: e.detail, reason: e.reason, ...(e.opensOn ? { opens_on: e.opensOn } : {}) } satisfies PublicSurveyError },
    e.status,
  );

/**
 * A public survey endpoint: its answers are never cached and send no referrer (the token is in the path), and a
 * refused link (`SurveyRefusal`) answers its status with `PublicSurveyError`.
 */
const publicAnswer = (e: Endpoint): Endpoint => ({
  contract: e.contract,
  handle: async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    try {
      return await e.handle(c);
    } catch (err) {
      if (err instanceof SurveyRefusal) return refused(c, err);
      throw err;
    }
  },
});

/**
 * `/api/public/survey/{token}` (docs/design.md "Surveys"), as `publicSurveyRoute` and `answerSurveyRoute` declare it: no
 * sign-in; the token is the only key. Bad, used, expired and closed links answer `PublicSurveyError` with
 * 404/409/410. Throttled in front (API Gateway route throttling; locally `local/route-throttle.ts` in the server).
 */
export const PUBLIC_SURVEY_ENDPOINTS: readonly Endpoint[] = [
  publicAnswer(endpoint(publicSurveyRoute, async (_c, { params }) => ({ data: await publicSurvey(params.token) }))),
  publicAnswer(
    endpoint(answerSurveyRoute, async (_c, { params, body }) => {
      const data = await answerSurvey(params.token, body);
      return { message: 'Thank you: your answers are saved', data };
    }),
  ),
];
