import type { Caller } from '@attain/shared-types';
import type { Context } from 'hono';

/** Hono context variables set by the app's middleware. */
export type AppEnv = { Variables: { caller: Caller; requestId: string } };
export type AppContext = Context<AppEnv>;
