import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BaseType,
  type CompletedConfig,
  DEFAULT_CONFIG,
  type Definition,
  SchemaGenerator,
  type SubNodeParser,
  type SubTypeFormatter,
  createFormatter,
  createParser,
  createProgram,
} from 'ts-json-schema-generator';
import ts from 'typescript';
import * as contracts from '../src/index.js';
import { API_CONTRACTS, CRUD_ENTITIES, type EntityDef } from '../src/index.js';
import { openApiDocument, recordName } from './openapi-document.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

type Json = Record<string, unknown>;

/** The prefix of an entity record's reference while the generator runs. */
const ENTITY_REF = 'entity:';

/** A record of a registry entity inside a response type: the document's schema of that entity (`Course`, `CourseBody`). */
class EntityRecordType extends BaseType {
  constructor(readonly schema: string) {
    super();
  }
  getId(): string {
    return `entity-record-${this.schema}`;
  }
}

/** The registry entity a `typeof x` names (`typeof courseOutcome`). @throws Error for a name that is not an entity */
function entityNamed(identifier: string): EntityDef {
  const value: unknown = (contracts as Record<string, unknown>)[identifier];
  const def =
    CRUD_ENTITIES.find((e) => e === value) ?? (value && typeof value === 'object' && 'fields' in value ? (value as EntityDef) : undefined);
  if (!def) throw new Error(`${identifier} is not an entity of the registry`);
  return def;
}

/**
 * Reads `RecordOf<typeof x>` (and `DataOf<typeof x>`, a body) in a response type as the entity's schema in the document:
 * the generator cannot evaluate the registry's mapped types, and the entity is described once, from its field builders.
 */
const entityRecordParser: SubNodeParser = {
  supportsNode: (node) =>
    ts.isTypeReferenceNode(node) &&
    ['RecordOf', 'DataOf'].includes(node.typeName.getText()) &&
    !!node.typeArguments?.[0] &&
    ts.isTypeQueryNode(node.typeArguments[0]),
  createType: (node) => {
    const ref = node as ts.TypeReferenceNode;
    const def = entityNamed((ref.typeArguments?.[0] as ts.TypeQueryNode).exprName.getText());
    return new EntityRecordType(`${recordName(def)}${ref.typeName.getText() === 'DataOf' ? 'Body' : ''}`);
  },
};

const entityRecordFormatter: SubTypeFormatter = {
  supportsType: (type) => type instanceof EntityRecordType,
  // Not a `#` reference while the generator runs (it would look for it among its own definitions); made one after.
  getDefinition: (type): Definition => ({ $ref: `${ENTITY_REF}${(type as EntityRecordType).schema}` }),
  getChildren: () => [],
};

/**
 * The JSON Schema of every response type (`ResponseTypes`) and of the error envelope (`ErrorBody`), by name, written by
 * ts-json-schema-generator from their TypeScript declarations (doc comments become descriptions), with references
 * pointing into `#/components/schemas`.
 */
function responseSchemas(): Record<string, Json> {
  const config: CompletedConfig = {
    ...DEFAULT_CONFIG,
    path: join(root, 'src', 'index.ts'),
    tsconfig: join(root, 'tsconfig.json'),
    skipTypeCheck: true,
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    additionalProperties: true,
  };
  const program = createProgram(config);
  const parser = createParser(program, config, (chain) => chain.addNodeParser(entityRecordParser));
  const formatter = createFormatter(config, (chain) => chain.addTypeFormatter(entityRecordFormatter));
  const generator = new SchemaGenerator(program, parser, formatter, config);
  const definitions: Json = {};
  for (const type of ['ResponseTypes', 'ErrorBody']) Object.assign(definitions, generator.createSchema(type).definitions);
  // A response type that is not a named declaration (an entity's record) is described by its entry in the map.
  const named = (definitions.ResponseTypes as { properties: Json }).properties;
  for (const [name, schema] of Object.entries(named)) definitions[name] ??= schema;
  delete definitions.ResponseTypes;
  const text = JSON.stringify(definitions)
    .replaceAll('#/definitions/', '#/components/schemas/')
    .replaceAll(ENTITY_REF, '#/components/schemas/');
  return JSON.parse(text) as Record<string, Json>;
}

/** The OpenAPI document as served (compact JSON). */
export const openApiText = (): string => JSON.stringify(openApiDocument(API_CONTRACTS, CRUD_ENTITIES, responseSchemas()));
