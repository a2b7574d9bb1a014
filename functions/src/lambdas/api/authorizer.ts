import { HttpError } from '../../platform/lib/errors.js';
import type { AuthorizerEvent, AuthorizerResult } from '../../platform/http/authenticate.js';
import { callerFromHeader } from '../../platform/http/verify-token.js';

/**
 * API Gateway's Lambda authorizer for every signed-in route: verifies the Cognito ID token of
 * `Authorization: Bearer <token>` or the spec's `token <token>` (which the HTTP API's own JWT authorizer does not
 * read) and hands the API Lambda the caller, so only this function carries the JWT verifier. A refused token is let
 * through with `error`, the sentence of the 401 the API Lambda answers in the API's JSON error envelope
 * (`callerFromAuthorizer`).
 * @throws whatever is not a 401 (the JWKS cannot be fetched): API Gateway answers 500 and nothing is served
 */
export async function handler(event: AuthorizerEvent): Promise<AuthorizerResult> {
  try {
    return { isAuthorized: true, context: await callerFromHeader(event.headers?.authorization) };
  } catch (e) {
    if (e instanceof HttpError && e.status === 401) return { isAuthorized: true, context: { error: e.detail } };
    throw e;
  }
}
