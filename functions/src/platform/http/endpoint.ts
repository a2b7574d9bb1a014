import {
  type ParamsOf,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type ResponseOf,
  type RouteContract,
  isTextBody,
  mayCall,
} from '@attain/shared-types';
import type * as z from 'zod/mini';
import { HttpError } from '../lib/errors.js';
import type { AppContext } from './context.js';
import { readJson, schemaFields } from './read-json.js';

/** What a handler gets besides the context: the path parameters, and the query and body its contract's schemas checked. */
export interface EndpointInput<C extends RouteContract> {
  params: ParamsOf<C>;
  query: ParsedQueryOf<C>;
  body: ParsedBodyOf<C>;
}

/**
 * A handler's answer: the contract's success body (sent with the contract's status), a whole `Response` for a file (a
 * `file` answer, or an answer that may also come as a file), nothing for `empty` (204).
 */
export type EndpointReply<C extends RouteContract> = C['answer'] extends { shape: 'file' }
  ? Response
  : C['answer'] extends { files: readonly [string, ...string[]] }
    ? ResponseOf<C> | Response
    : ResponseOf<C>;

/** One route of a feature: its contract (from shared-types) and the handler that serves it. */
export interface Endpoint {
  readonly contract: RouteContract;
  readonly handle: (c: AppContext) => Promise<Response>;
}

/** Checks `value` with `schema`. @throws HttpError 400 with `detail` and one message per bad path (`questions.0.max_marks`) */
function check<T>(schema: z.ZodMiniType<T>, value: unknown, detail: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new HttpError(400, detail, schemaFields(parsed.error.issues));
}

/**
 * Serves `contract` with `handler`: a caller whose role the contract does not list is refused (403), path
 * parameters with a schema are checked, the query is checked with the contract's query schema, a JSON body with its body
 * schema (400 with the contract's `invalid` sentence and one message per field; a text body is read as text), and the
 * handler's reply goes out as JSON with the contract's success status. The handler is typed from the contract, so it
 * cannot answer another shape.
 */
export function endpoint<C extends RouteContract>(
  contract: C,
  handler: (c: AppContext, input: EndpointInput<C>) => Promise<EndpointReply<C>>,
): Endpoint {
  const invalid = contract.invalid ?? 'Please correct the request';
  return {
    contract,
    handle: async (c) => {
      if (!contract.public && !mayCall(c.var.caller, contract))
        throw new HttpError(403, contract.forbidden ?? 'Your role does not allow this action');
      if (contract.params) check(contract.params, c.req.param(), invalid);
      const query = contract.query ? check(contract.query, c.req.query(), invalid) : {};
      let body: unknown;
      if (isTextBody(contract.body)) body = await c.req.text();
      else if (contract.body) body = check(contract.body, await readJson(c), invalid);
      const input = { params: c.req.param(), query, body } as EndpointInput<C>;
      const reply = await handler(c, input);
      if (reply instanceof Response) return reply;
      if (contract.answer.shape === 'empty') return c.body(null, 204);
      return c.json(reply as object, contract.answer.status);
    },
  };
}
