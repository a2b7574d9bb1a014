import type { ItemResponse, PublicSurvey, PublicSurveyError } from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { SurveyRefusal, answerSurvey, publicSurvey } from './survey-answers.js';
import type { AppContext, AppEnv } from '../../platform/http/context.js';
import { readJson } from '../../platform/http/read-json.js';

/** A refused public request as its status and `{ errors: PublicSurveyError }`, never with survey data. */
const refused = (c: AppContext, e: SurveyRefusal) =>
  c.json(
    { errors: { detail: e.detail, reason: e.reason, ...(e.opensOn ? { opens_on: e.opensOn } : {}) } satisfies PublicSurveyError },
    e.status,
  );

/**
 * `/api/public/survey/{token}` (DESIGN.md "Surveys"): no sign-in; the token is the only key.
 * - `GET`: `PublicSurvey`;
 * - `POST` `SurveyAnswerBody`: 201 `{ message, data: { end_text } }`.
 * Bad, used, expired and closed links answer `PublicSurveyError` with 404/409/410. Throttled in front (API Gateway
 * route throttling; locally `local/public-throttle.ts`).
 */
export function publicSurveyRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
  });
  r.get('/:token', async (c) => {
    try {
      const data: PublicSurvey = await publicSurvey(c.req.param('token'));
      return c.json({ data } satisfies ItemResponse<PublicSurvey>);
    } catch (e) {
      if (e instanceof SurveyRefusal) return refused(c, e);
      throw e;
    }
  });
  r.post('/:token', async (c) => {
    try {
      const data = await answerSurvey(c.req.param('token'), await readJson(c));
      return c.json({ message: 'Thank you: your answers are saved', data }, 201);
    } catch (e) {
      if (e instanceof SurveyRefusal) return refused(c, e);
      throw e;
    }
  });
  return r;
}
