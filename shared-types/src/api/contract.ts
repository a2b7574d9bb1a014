import type * as z from 'zod/mini';
import type { Domain } from '../registry/entity.js';
import type { Caller, Role } from '../identity/roles.js';
import type { ApiKeyScope } from '../identity/api-keys.js';
import { holdersOf, holdsScope } from '../identity/powers.js';
import type { ResponseTypes } from './response-types.js';

/** Where the API's OpenAPI 3.1 document is served (a static file the frontend build writes; no token needed). */
export const OPENAPI_PATH = '/api/openapi.json';

/** The methods the API serves. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The path parameters a path template names: `'/api/x/{program}/{year}'` -> `{ program: string; year: string }`. */
export type PathParams<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? { [K in N]: string } & PathParams<Rest>
  : unknown;

/** A response type of the document, by its exported name in shared-types (`ResponseTypes`). */
export type ResponseName = keyof ResponseTypes;

/**
 * What a route answers on success:
 * - `item`: `{ data: T, message? }`;
 * - `items`: `{ data: T[], message? }` (the whole list);
 * - `page`: `{ data: T[], next }` (a page; pass `next` back as `?next=`);
 * - `body`: `T` itself (e.g. `{ message }` only);
 * - `file`: the bytes of a download (`Content-Disposition` names it), of `contentTypes`;
 * - `empty`: 204 and no body (e.g. a delete).
 */
export type Answer =
  | {
      readonly shape: 'item' | 'items' | 'page' | 'body';
      readonly type: ResponseName;
      readonly status: 200 | 201 | 202;
      /** The same answer as a file instead, when the query asks for one (`?format=docx`): its content types. */
      readonly files?: readonly string[];
    }
  | { readonly shape: 'file'; readonly contentTypes: readonly string[]; readonly status: 200 }
  | { readonly shape: 'empty'; readonly status: 204 };

/** A request body sent as text of a content type (a CSV, RIS or BibTeX file), read by the handler itself. */
export interface TextBody {
  readonly text: readonly string[];
}

/**
 * One API route, declared once (decision 0038): its method and path (`{name}` parameters), the Lambda that serves
 * it (`domain`), a summary for the API reference, the query and body it accepts (zod/mini: the server validates with
 * them, 400 with one message per field; the document describes them), what it answers on success (`Answer`) and the
 * error statuses it can answer (each as the `ErrorBody` envelope). `public` routes need no token.
 */
export interface RouteContract {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly domain: Domain;
  readonly summary: string;
  readonly description?: string;
  readonly public?: true;
  /**
   * The roles that may call it (absent: the campus's staff, `read-campus`, for a GET, and `change-campus` for a write;
   * see `callersOf`); any other gets 403 `forbidden`, before its body is read. Ignored for a `public` route.
   */
  readonly roles?: readonly Role[];
  /**
   * The API key scope that also opens it to a machine client (decision 0062): a key holding it may call the route,
   * whatever `roles` says. Absent: no key reaches it.
   */
  readonly keyScope?: ApiKeyScope;
  /** The `errors.detail` of that 403. */
  readonly forbidden?: string;
  /** Checks of path parameters beyond their presence (e.g. an academic year): 400 with one message per parameter. */
  readonly params?: z.ZodMiniType<Record<string, unknown>>;
  readonly query?: z.ZodMiniType<Record<string, unknown>>;
  readonly body?: z.ZodMiniType | TextBody;
  /** The `errors.detail` of a 400 for a query or body the schemas refuse (e.g. "Please correct the new campus"). */
  readonly invalid?: string;
  readonly answer: Answer;
  readonly errors: readonly (400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 422 | 429 | 503)[];
}

/**
 * The roles that may call a signed-in route: its `roles`, else the campus's staff for a read (`read-campus`) and those
 * who change a campus for a write (`change-campus`: not a group administrator, who reads only).
 */
export const callersOf = (c: Pick<RouteContract, 'roles' | 'method'>): readonly Role[] =>
  c.roles ?? holdersOf(c.method === 'GET' ? 'read-campus' : 'change-campus');

/**
 * Whether `caller` may call a signed-in route: its role is among `callersOf(c)`, or it is a machine client whose key
 * holds the route's `keyScope`.
 */
export const mayCall = (caller: Pick<Caller, 'role' | 'scopes'>, c: Pick<RouteContract, 'roles' | 'method' | 'keyScope'>): boolean =>
  callersOf(c).includes(caller.role) || holdsScope(caller, c.keyScope);

/** Declares a route contract, keeping its literal types (the typed client and the server read them). */
export const defineRoute = <const C extends RouteContract>(c: C): C => c;

/** `{ data: T }` answers of `type` (201 for a create); `files`: the content types the same answer may come as instead. */
export const item = <const N extends ResponseName, const F extends readonly string[] = readonly []>(
  type: N,
  status: 200 | 201 | 202 = 200,
  files?: F,
) => ({ shape: 'item', type, status, files: files ?? ([] as readonly string[] as F) }) as const;
/** `{ data: T[], message? }` answers of `type` (201 for what was created). */
export const items = <const N extends ResponseName>(type: N, status: 200 | 201 = 200) => ({ shape: 'items', type, status }) as const;
/** `{ data: T[], next }` answers of `type`. */
export const page = <const N extends ResponseName>(type: N) => ({ shape: 'page', type, status: 200 }) as const;
/** Answers that are `type` itself. */
export const body = <const N extends ResponseName>(type: N, status: 200 | 201 | 202 = 200) => ({ shape: 'body', type, status }) as const;
/** A file download of one of `contentTypes`. */
export const file = (...contentTypes: string[]) => ({ shape: 'file', contentTypes, status: 200 }) as const;
/** No body: 204 (e.g. a delete). */
export const empty = () => ({ shape: 'empty', status: 204 }) as const;
/** A body sent as text of one of `contentTypes`. */
export const textBody = (...text: string[]): TextBody => ({ text });

/** Whether a contract's body is text the handler reads itself (rather than JSON checked with a schema). */
export const isTextBody = (b: RouteContract['body']): b is TextBody => !!b && 'text' in b;

/** The success answer of contract `C` as the client receives it. */
export type ResponseOf<C extends RouteContract> = C['answer'] extends { shape: 'item'; type: infer N extends ResponseName }
  ? { data: ResponseTypes[N]; message?: string }
  : C['answer'] extends { shape: 'items'; type: infer N extends ResponseName }
    ? { data: ResponseTypes[N][]; message?: string }
    : C['answer'] extends { shape: 'page'; type: infer N extends ResponseName }
      ? { data: ResponseTypes[N][]; next: string | null }
      : C['answer'] extends { shape: 'body'; type: infer N extends ResponseName }
        ? ResponseTypes[N]
        : C['answer'] extends { shape: 'empty' }
          ? void
          : Blob;

/** The query contract `C` accepts (its schema's input), or nothing. */
export type QueryOf<C extends RouteContract> = C['query'] extends z.ZodMiniType ? z.input<C['query']> : undefined;
/** The body contract `C` accepts: its schema's input, text for a text body, or nothing. */
export type BodyOf<C extends RouteContract> = C['body'] extends TextBody
  ? string
  : C['body'] extends z.ZodMiniType
    ? z.input<C['body']>
    : undefined;
/** The body the server hands a handler: the schema's output (checked and cleaned), text for a text body. */
export type ParsedBodyOf<C extends RouteContract> = C['body'] extends TextBody
  ? string
  : C['body'] extends z.ZodMiniType
    ? z.output<C['body']>
    : undefined;
/** The query the server hands a handler (the schema's output). */
export type ParsedQueryOf<C extends RouteContract> = C['query'] extends z.ZodMiniType ? z.output<C['query']> : Record<string, never>;
/** The path parameters of contract `C`: strings, as the path gives them (ids are checked by the handler: 404). */
export type ParamsOf<C extends RouteContract> = PathParams<C['path']>;

/** The Hono pattern of a contract path: `/api/x/{program}` -> `/api/x/:program`. */
export const honoPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

/**
 * The path a client calls: the template with each `{name}` replaced by its parameter, URI-encoded.
 * @throws Error naming a parameter the template needs and `params` lacks (a programming mistake)
 */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`${path} needs the path parameter ${name}`);
    return encodeURIComponent(v);
  });
}

/**
 * The two routes of a document saved whole (a CO-PO matrix, a question paper) at `base/{param}`: `GET` reads it and
 * `PUT` replaces it (`body`: its schema, with the `version` read; stale: 409), both answering `{ data: view }`.
 */
export function documentRoutes<
  const B extends `/api/${string}`,
  const P extends string,
  const N extends ResponseName,
  const S extends z.ZodMiniType<{ version: number }>,
>(o: { base: B; param: P; domain: Domain; label: string; body: S; invalid: string; view: N }) {
  const path = `${o.base}/{${o.param}}` as `/api/${string}/{${P}}`;
  return {
    read: defineRoute({ method: 'GET', path, domain: o.domain, summary: `Read ${o.label}`, answer: item(o.view), errors: [401, 404] }),
    save: defineRoute({
      method: 'PUT',
      path,
      domain: o.domain,
      summary: `Replace ${o.label} whole (send the version you read)`,
      body: o.body,
      invalid: o.invalid,
      answer: item(o.view),
      errors: [400, 401, 403, 404, 409],
    }),
  };
}
