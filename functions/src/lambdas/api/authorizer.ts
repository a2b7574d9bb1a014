import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { HttpError } from '../../platform/lib/errors.js';
import { log, setLogCampus, withLogScope } from '../../platform/lib/log.js';
import { type AuthorizerEvent, type AuthorizerResult, toAuthorizerContext } from '../../platform/http/authenticate.js';
import { callerFromHeader } from '../../platform/http/verify-token.js';

/**
 * API Gateway's Lambda authorizer for every signed-in route: verifies the Cognito ID token (or an API key's access
 * token, decision 0062) of
 * `Authorization: Bearer <token>` or the spec's `token <token>` (which the HTTP API's own JWT authorizer does not
 * read) and hands the API Lambda the caller, so only this function carries the JWT verifier. A refused token is let
 * through with `error`, the sentence of the 401 the API Lambda answers in the API's JSON error envelope
 * (`callerFromAuthorizer`). Its log lines carry API Gateway's `request_id` and the verified caller's `campus`.
 * @throws whatever is not a 401 (the JWKS cannot be fetched): API Gateway answers 500 and nothing is served
 */
export async function handler(event: AuthorizerEvent, context?: Context): Promise<AuthorizerResult> {
  // API Gateway's request id, as the API Lambda's lines of the same request carry it.
  return withLogScope({ request_id: event.requestContext?.requestId ?? context?.awsRequestId ?? randomUUID() }, async () => {
    try {
      const caller = await callerFromHeader(event.headers?.authorization);
      setLogCampus(caller.tenant);
      return { isAuthorized: true, context: toAuthorizerContext(caller) };
    } catch (e) {
      if (e instanceof HttpError && e.status === 401) return { isAuthorized: true, context: { error: e.detail } };
      log.error('authorizer: the token could not be checked', { error: e });
      throw e;
    }
  });
}
