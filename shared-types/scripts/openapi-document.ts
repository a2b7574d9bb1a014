/**
 * Builds the OpenAPI 3.1 document of the API (decision 0038) from what declares it: the route contracts
 * (`API_CONTRACTS`: method, path, roles, query and body schemas, success answer, error statuses), the registry's CRUD
 * entities (each one's generic routes, bodies from its field builders), and the JSON Schemas of the response types
 * (`ResponseTypes`, written by ts-json-schema-generator from their TypeScript declarations). JSON Schemas of zod
 * schemas come from zod's own `toJSONSchema`.
 */
import * as z from 'zod/mini';
import {
  type EntityDef,
  type RouteContract,
  SYSTEM_FIELDS,
  entitySchema,
  isTextBody,
  callersOf,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  MAX_BODY_BYTES,
  API_KEY_SCOPES,
  API_KEY_SCOPE_LABELS,
  API_KEY_TOKEN_MINUTES,
  API_RESOURCE_SERVER,
  type ApiKeyScope,
} from '../src/index.js';

type Json = Record<string, unknown>;

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is malformed or a value is refused: `errors.detail` and one message per field in `errors.fields`',
  401: 'No valid token: sign in again',
  403: 'The caller may not do this',
  404: 'No such record in the campus (another campus’s records are not found either)',
  405: 'The path is served with other methods (`Allow`)',
  409: 'A stale version (someone saved it since you read it), a value that must be unique, or a frozen year',
  410: 'Gone: the link or what it points at is no longer open',
  413: `The body is larger than ${MAX_BODY_BYTES / 1024} KB`,
  422: 'The request is understood but cannot be done',
  429: 'Too many requests: wait and try again',
  503: 'A service the request needs is not available: try again later',
};

/** The JSON Schema of a zod schema as the client sends it. */
const schemaOf = (s: z.ZodMiniType): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });

/** The success answer of a contract as an OpenAPI response. */
function success(c: RouteContract): Json {
  const a = c.answer;
  if (a.shape === 'empty') return { description: 'No content' };
  if (a.shape === 'file')
    return {
      description: 'The file (`Content-Disposition` names it)',
      content: Object.fromEntries(a.contentTypes.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
    };
  const schema: Json =
    a.shape === 'item'
      ? { type: 'object', properties: { data: ref(a.type), message: { type: 'string' } }, required: ['data'] }
      : a.shape === 'items'
        ? { type: 'object', properties: { data: { type: 'array', items: ref(a.type) }, message: { type: 'string' } }, required: ['data'] }
        : a.shape === 'page'
          ? {
              type: 'object',
              properties: { data: { type: 'array', items: ref(a.type) }, next: { type: ['string', 'null'] } },
              required: ['data', 'next'],
            }
          : ref(a.type);
  const files = Object.fromEntries((a.files ?? []).map((t) => [t, { schema: { type: 'string', format: 'binary' } }]));
  return { description: a.status === 201 ? 'Created' : 'OK', content: { ...json(schema), ...files } };
}

/** The error answers of a contract: each a shared response (`components.responses`) of the `ErrorBody` envelope. */
const failures = (statuses: readonly number[]): Json =>
  Object.fromEntries(statuses.map((s) => [String(s), { $ref: `#/components/responses/Error${s}` }]));

/** One operation of a contract. */
function operation(c: RouteContract): Json {
  const pathParams = [...c.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const paramSchemas = (c.params ? schemaOf(c.params).properties : undefined) as Record<string, Json> | undefined;
  const query = c.query ? schemaOf(c.query) : undefined;
  const queryProps = (query?.properties ?? {}) as Record<string, Json>;
  const queryRequired = new Set((query?.required as string[] | undefined) ?? []);
  const roles = c.public ? '' : ` Roles: ${callersOf(c).join(', ')}${c.keyScope ? `; an API key with \`${c.keyScope}\`` : ''}.`;
  return {
    summary: c.summary,
    ...(c.description || roles ? { description: `${c.description ?? ''}${roles}`.trim() } : {}),
    ...(c.public ? { security: [] } : c.keyScope ? keySecurity(c.keyScope) : {}),
    parameters: [
      ...pathParams.map((name) => ({ name, in: 'path', required: true, schema: paramSchemas?.[name] ?? { type: 'string' } })),
      ...Object.entries(queryProps).map(([name, schema]) => ({ name, in: 'query', required: queryRequired.has(name), schema })),
    ],
    ...(c.body
      ? {
          requestBody: {
            required: true,
            content: isTextBody(c.body)
              ? Object.fromEntries(c.body.text.map((t) => [t, { schema: { type: 'string' } }]))
              : json(schemaOf(c.body)),
          },
        }
      : {}),
    responses: { [String(c.answer.status)]: success(c), ...failures(c.errors) },
  };
}

/**
 * The security of an operation an API key's scope opens: a signed-in user's ID token, or a key's access token
 * holding `attain/<scope>` (`x-api-key-scope` names the scope alone).
 */
const keySecurity = (scope: ApiKeyScope): Json => ({
  security: [{ bearer: [] }, { apiKey: [`${API_RESOURCE_SERVER}/${scope}`] }],
  'x-api-key-scope': scope,
});

/** The OAuth 2.0 scheme of API keys: client credentials at the token URL each key is given with (decision 0062). */
const API_KEY_SCHEME: Json = {
  type: 'oauth2',
  description:
    'An API key of a machine client (a campus admin creates it under API keys, and sees its secret once). Exchange its id and ' +
    'secret for an access token at the `token_url` given with the key (HTTP Basic, `grant_type=client_credentials`), ' +
    `and send \`Authorization: Bearer <access token>\`. The token lasts ${API_KEY_TOKEN_MINUTES} minutes; a revoked key is ` +
    'refused within 30 s, an expired one from its day. The token URL below is the local stack’s; in AWS it is the user ' +
    'pool domain’s, the `token_url` each key is given with. Operations a scope opens list this scheme with it.',
  flows: {
    clientCredentials: {
      tokenUrl: '/oauth2/token',
      scopes: Object.fromEntries(API_KEY_SCOPES.map((k) => [`${API_RESOURCE_SERVER}/${k}`, API_KEY_SCOPE_LABELS[k]])),
    },
  },
};

/** The schema name of an entity's records (`Department`, `CourseOutcome`). */
export const recordName = (def: EntityDef) =>
  def.label.replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ?? '').toUpperCase());

/** The system fields of every stored record (`SystemFields`). */
const SYSTEM_SCHEMA: Json = {
  type: 'object',
  description: 'The audit and concurrency fields of a stored record: times are ISO-8601 UTC; `version` starts at 1',
  properties: Object.fromEntries(SYSTEM_FIELDS.map((f) => [f, f === 'version' ? { type: 'integer', minimum: 1 } : { type: 'string' }])),
  required: [...SYSTEM_FIELDS],
};

/** The generic CRUD operations of one entity, at its path and each alias. */
function crudPaths(def: EntityDef): [string, Record<string, Json>][] {
  const name = recordName(def);
  const tag = { tags: [def.label] };
  const writers = ` Roles that write: ${def.writeRoles.join(', ')}.`;
  const keyRead = def.keyScope ? keySecurity(def.keyScope) : {};
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  const filters = (def.filters ?? []).map((f) => ({ name: f, in: 'query', required: false, schema: { type: 'string' } }));
  const body = { required: true, content: json(ref(`${name}Body`)) };
  const item = (status: string, description: string) => ({
    [status]: {
      description,
      content: json({ type: 'object', properties: { data: ref(name), message: { type: 'string' } }, required: ['data'] }),
    },
  });
  return [def.path, ...(def.aliases ?? [])].flatMap((path) => [
    [
      path,
      {
        get: {
          ...tag,
          ...keyRead,
          summary: `List ${def.label} records of the campus`,
          parameters: [
            ...filters,
            { name: 'next', in: 'query', required: false, schema: { type: 'string' }, description: 'The cursor a previous page gave' },
            {
              name: 'limit',
              in: 'query',
              required: false,
              schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: PAGE_SIZE },
            },
            {
              name: 'ids',
              in: 'query',
              required: false,
              schema: { type: 'string' },
              description: 'Comma-separated ids: just these records',
            },
          ],
          responses: {
            '200': {
              description: 'OK',
              content: json({
                type: 'object',
                properties: { data: { type: 'array', items: ref(name) }, next: { type: ['string', 'null'] } },
                required: ['data', 'next'],
              }),
            },
            ...failures([400, 401]),
          },
        },
        post: {
          ...tag,
          summary: `Create a ${def.label}`,
          description: writers.trim(),
          requestBody: body,
          responses: { ...item('201', 'Created'), ...failures([400, 401, 403, 409]) },
        },
      },
    ],
    [
      `${path}/{id}`,
      {
        get: {
          ...tag,
          ...keyRead,
          summary: `Read one ${def.label}`,
          parameters: [id],
          responses: { ...item('200', 'OK'), ...failures([401, 404]) },
        },
        put: {
          ...tag,
          summary: `Replace a ${def.label} (send the version you read)`,
          description: writers.trim(),
          parameters: [id],
          requestBody: body,
          responses: { ...item('200', 'OK'), ...failures([400, 401, 403, 404, 409]) },
        },
        delete: {
          ...tag,
          summary: `Delete a ${def.label}`,
          description: writers.trim(),
          parameters: [id],
          responses: { '200': { description: 'Deleted' }, ...failures([401, 403, 404, 409]) },
        },
      },
    ],
  ]);
}

/**
 * The OpenAPI 3.1 document: every contract's operation and every entity's CRUD operations under `paths`, and under
 * `components.schemas` the response types (`responseSchemas`: name -> JSON Schema, with `#/definitions/X` references
 * already pointing at `#/components/schemas/X`), the error envelope and each entity's record and body.
 */
export function openApiDocument(
  contracts: readonly RouteContract[],
  entities: readonly EntityDef[],
  responseSchemas: Record<string, Json>,
): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const c of contracts) {
    const tag = c.path.split('/')[2];
    (paths[c.path] ??= {})[c.method.toLowerCase()] = { tags: [tag], ...operation(c) };
  }
  for (const def of entities) for (const [path, ops] of crudPaths(def)) paths[path] = { ...paths[path], ...ops };
  const schemas: Record<string, Json> = { ...responseSchemas, SystemFields: SYSTEM_SCHEMA };
  for (const def of entities) {
    schemas[recordName(def)] = { allOf: [ref(`${recordName(def)}Body`), ref('SystemFields')] };
    schemas[`${recordName(def)}Body`] = {
      ...schemaOf(entitySchema(def)),
      description: `A ${def.label} as sent on create and replace (\`version\` too on replace)`,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Attain API',
      version: '1',
      description:
        'Outcome-based education and NBA accreditation. Every answer is JSON: `{ data }` (a list adds `next`), errors ' +
        '`{ errors: { detail, fields? } }`. Send `Authorization: Bearer <ID token>`; a group administrator names the campus it ' +
        'reads in `X-Campus`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, apiKey: API_KEY_SCHEME },
      responses: Object.fromEntries(
        Object.entries(ERROR_TEXT).map(([s, description]) => [`Error${s}`, { description, content: json(ref('ErrorBody')) }]),
      ),
      schemas,
    },
  };
}
