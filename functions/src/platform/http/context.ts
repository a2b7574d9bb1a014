import type { CampusScope, Caller } from '@attain/shared-types';
import type { Context } from 'hono';

/**
 * Hono context variables set by the app's middleware: `caller` is who asked (verified token claims: role checks),
 * `scope` the campus the request reads and writes (the store's keys), `requestId` for logs and 500s.
 */
export type AppEnv = {
  Variables: { caller: Caller; scope: CampusScope; requestId: string };
  /**
   * In a cloud Lambda, `hono/aws-lambda` passes API Gateway's event: the authorizer's context and the request id are
   * read from it.
   */
  Bindings: { event?: { requestContext?: { requestId?: string; authorizer?: { lambda?: Record<string, unknown> } } } };
};
export type AppContext = Context<AppEnv>;
