import { type Caller, ROLES, scopesOfClaim } from '@attain/shared-types';
import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerWithContextResult } from 'aws-lambda';
import { HttpError } from '../lib/errors.js';
import type { AppContext } from './context.js';

/**
 * How an app learns who is asking, for every non-public path: the local server verifies the request's token itself
 * (`callerFromRequest`); a cloud Lambda reads what API Gateway's Lambda authorizer verified (`callerFromAuthorizer`),
 * so only the authorizer carries the JWT verifier.
 * @throws HttpError 401 when nobody is signed in, or the token is not valid
 */
export type Authenticate = (c: AppContext) => Promise<Caller>;

/**
 * What the authorizer hands each API Lambda (HTTP API simple response `context`, strings only): the verified caller,
 * or `error`, the sentence of the 401 the Lambda answers. The authorizer lets every request through to the Lambda so
 * that a refused one gets the API's JSON error envelope, not API Gateway's own `{"message":"Unauthorized"}`.
 */
export type AuthorizerContext = (Omit<Caller, 'scopes'> & { scopes?: string }) | { error: string };

/** The caller as the authorizer's context carries it (strings only: a machine client's scopes space-separated). */
export const toAuthorizerContext = ({ scopes, ...caller }: Caller): AuthorizerContext => ({
  ...caller,
  ...(scopes ? { scopes: scopes.join(' ') } : {}),
});

/** The authorizer's answer for a request (API Gateway HTTP API, payload 2.0, simple responses). */
export type AuthorizerResult = APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext>;

/** The request event an HTTP API Lambda authorizer receives (payload 2.0). */
export type AuthorizerEvent = APIGatewayRequestAuthorizerEventV2;

/** The authorizer's context as the API Lambda's event carries it (`requestContext.authorizer.lambda`), if any. */
function authorizerContext(c: AppContext): Record<string, unknown> | undefined {
  const ctx = c.env?.event?.requestContext?.authorizer?.lambda;
  return ctx && typeof ctx === 'object' ? ctx : undefined;
}

/**
 * A cloud Lambda's `Authenticate`: the caller the gateway's authorizer verified. A request with no authorizer
 * context never passed the authorizer (a misconfigured route) and is refused.
 * @throws HttpError 401 with the authorizer's sentence, or "Sign in first" when there is no context
 */
export const callerFromAuthorizer: Authenticate = async (c) => {
  const ctx = authorizerContext(c);
  if (typeof ctx?.error === 'string') throw new HttpError(401, ctx.error);
  const { tenant, role, user, sub, scopes } = ctx ?? {};
  const known = ROLES.find((r) => r === role);
  if (typeof tenant !== 'string' || typeof user !== 'string' || typeof sub !== 'string' || !known)
    throw new HttpError(401, 'Sign in first: the request has no token');
  const held = typeof scopes === 'string' ? scopesOfClaim(scopes, '') : undefined;
  return { tenant, role: known, user, sub, ...(held ? { scopes: held } : {}) };
};
