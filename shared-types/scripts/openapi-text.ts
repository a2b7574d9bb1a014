import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';
import { API_CONTRACTS, CRUD_ENTITIES } from '../src/index.js';
import { openApiDocument } from './openapi-document.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

type Json = Record<string, unknown>;

/**
 * The JSON Schema of every response type (`ResponseTypes`) and of the error envelope (`ErrorBody`), by name, written by
 * ts-json-schema-generator from their TypeScript declarations (doc comments become descriptions), with references
 * pointing into `#/components/schemas`.
 */
function responseSchemas(): Record<string, Json> {
  const generator = createGenerator({
    path: join(root, 'src', 'index.ts'),
    tsconfig: join(root, 'tsconfig.json'),
    skipTypeCheck: true,
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    additionalProperties: true,
  });
  const definitions: Json = {};
  for (const type of ['ResponseTypes', 'ErrorBody']) Object.assign(definitions, generator.createSchema(type).definitions);
  delete definitions.ResponseTypes;
  return JSON.parse(JSON.stringify(definitions).replaceAll('#/definitions/', '#/components/schemas/')) as Record<string, Json>;
}

/** The OpenAPI document as served (compact JSON). */
export const openApiText = (): string => JSON.stringify(openApiDocument(API_CONTRACTS, CRUD_ENTITIES, responseSchemas()));
