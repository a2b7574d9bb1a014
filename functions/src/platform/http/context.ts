import type { CampusScope, Caller } from '@attain/shared-types';
import type { Context } from 'hono';

/**
 * Hono context variables set by the app's middleware: `caller` is who asked (verified token claims: role checks),
 * `scope` the campus the request reads and writes (the store's keys), `requestId` for logs and 500s.
 */
export type AppEnv = { Variables: { caller: Caller; scope: CampusScope; requestId: string } };
export type AppContext = Context<AppEnv>;
