/**
 * docs/powers.md, the table of who may do what: each power of `POWERS` (shared-types/src/identity/powers.ts), the roles
 * holding it, and its doc comment (what it allows; after `Enforced:`, where it is checked), then every route with each
 * role's reach (`accessTable`), formatted as the
 * repository's Prettier formats it. `npm run powers:doc` writes it (write-powers-doc.ts); the unit test
 * shared-types/tests/powers.test.ts fails while the written file differs.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import ts from 'typescript';
import { type AccessRow, POWERS, POWER_NAMES, type Power, ROLES, ROLE_LABELS, type Role, accessTable } from '../src/index.js';

const here = dirname(fileURLToPath(import.meta.url));
/** Where the table is written. */
export const POWERS_DOC = join(here, '..', '..', 'docs', 'powers.md');
const POWERS_SOURCE = join(here, '..', 'src', 'identity', 'powers.ts');

/** A power's doc comment in two parts: what it allows, and where it is enforced. */
export interface PowerWords {
  allows: string;
  enforced: string;
}

/** The text of a `/** ... *\/` comment, its lines joined (a blank line keeps paragraphs apart). */
const commentText = (comment: string): string =>
  comment
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trim())
    .join('\n')
    .trim();

/**
 * Each power's doc comment in `POWERS`'s source, read with the TypeScript parser (comments are not in the built code).
 * @throws Error for a power with no comment or no `Enforced:` part
 */
export function powerWords(source = readFileSync(POWERS_SOURCE, 'utf8')): Record<Power, PowerWords> {
  const file = ts.createSourceFile(POWERS_SOURCE, source, ts.ScriptTarget.Latest, true);
  const found: Partial<Record<string, PowerWords>> = {};
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText(file) === 'POWERS') {
      let init = node.initializer;
      while (init && (ts.isSatisfiesExpression(init) || ts.isAsExpression(init))) init = init.expression;
      if (!init || !ts.isObjectLiteralExpression(init)) throw new Error('POWERS is not an object literal');
      for (const prop of init.properties) {
        const name = prop.name && ts.isStringLiteral(prop.name) ? prop.name.text : prop.name?.getText(file);
        const ranges = ts.getLeadingCommentRanges(source, prop.pos) ?? [];
        const doc = ranges.map((r) => source.slice(r.pos, r.end)).find((c) => c.startsWith('/**'));
        const [allows, enforced] = (doc ? commentText(doc) : '').split(/\n\s*\nEnforced: /);
        if (name && allows && enforced) found[name] = { allows: oneLine(allows), enforced: oneLine(enforced) };
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  for (const p of POWER_NAMES)
    if (!found[p]) throw new Error(`powers.ts: give ${p} a doc comment saying what it allows, then "Enforced: ..." after a blank line`);
  return found as Record<Power, PowerWords>;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const cell = (text: string) => text.replace(/\|/g, '\\|');
const roleName = (r: Role) => `\`${r}\` (${ROLE_LABELS[r]})`;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A role's reach in a table cell. */
const REACH_WORDS: Readonly<Record<AccessRow['reach'][Role], string>> = { all: 'all', own: 'own', none: '—', public: 'public' };

/** The record types' rows: one per record type, each role's read and write reach (`readReach`, `writeReach`). */
function recordTypeRows(rows: readonly AccessRow[]): string[] {
  const types = [...new Set(rows.flatMap((r) => (r.entity ? [r.entity] : [])))];
  return types.map((name) => {
    const list = rows.find((r) => r.entity === name && r.method === 'GET');
    const create = rows.find((r) => r.entity === name && r.method === 'POST');
    if (!list || !create) throw new Error(`${name} has no generic list or create route in the access table`);
    const cells = ROLES.map((r) => `${REACH_WORDS[list.reach[r]]} / ${REACH_WORDS[create.reach[r]]}`);
    return `| ${list.what.replace(/^List /, '')} | \`${list.path}\` | ${cells.join(' | ')} |`;
  });
}

/** The declared routes' rows: one per route, whether each role may call it (`callersOf`). */
const routeRows = (rows: readonly AccessRow[]): string[] =>
  rows
    .filter((r) => !r.entity)
    .map((r) => `| ${r.method} \`${r.path}\` | ${cell(r.what)} | ${ROLES.map((role) => REACH_WORDS[r.reach[role]]).join(' | ')} |`);

/** The text of docs/powers.md for the current `POWERS` and its doc comments. */
export async function powersDoc(): Promise<string> {
  const words = powerWords();
  const table = accessTable();
  const byPower = POWER_NAMES.map((p) => {
    const roles: readonly Role[] = POWERS[p];
    return `| \`${p}\` | ${roles.map(roleName).join(', ')} | ${cell(words[p].allows)} | ${cell(capital(words[p].enforced))} |`;
  });
  const byRole = ROLES.map((r) => {
    const held = POWER_NAMES.filter((p) => (POWERS[p] as readonly Role[]).includes(r));
    return `| ${roleName(r)} | ${held.length ? held.map((p) => `\`${p}\``).join(', ') : 'none'} |`;
  });
  const text = [
    '# Who may do what: the powers',
    '',
    '<!-- Generated by `npm run powers:doc` (shared-types/scripts/write-powers-doc.ts) from `POWERS`: do not edit. -->',
    '',
    'Every decision the product makes on the signed-in person’s role, on the server and in the pages, asks',
    '`may(who, power)` of one of these powers (`shared-types/src/identity/powers.ts`, decision 0052). A role holds only the',
    'powers listed for it here, and a record type or route that names no roles is the staff’s (`read-campus`): a student',
    'reaches only what names them. The linter refuses comparing a role with a role name anywhere else.',
    '',
    'Declared with what they govern, not here: a record type’s `readRoles`, `writeRoles`, `ownerField`, `ownedVia` and',
    '`personal` (who reads and writes which records), a route contract’s `roles` (who may call it) and `ACCESS_ENDERS`',
    '(whose access who may end, [`access.md`](access.md)). The last part of this page lists every route with each role’s',
    'reach.',
    '',
    '## Powers',
    '',
    '| Power | Held by | What it allows | Where it is enforced |',
    '| --- | --- | --- | --- |',
    ...byPower,
    '',
    '## By role',
    '',
    '| Role | Powers |',
    '| --- | --- |',
    ...byRole,
    '',
    '## Every route, by role',
    '',
    'Generated from the declarations by `accessTable()` (`shared-types/src/api/access-table.ts`), which asks the same',
    'functions the server enforces: `readReach` and `writeReach` for a record type’s generic routes, `callersOf` for a',
    'declared route. The integration test `functions/tests/integration/access-walk.test.ts` calls every route below as',
    'each role and checks that `—` is refused (403) and every other cell is not. `all`: the campus’s records; `own`: only',
    'what the role owns (its personal records, records it owns, records of its own courses), checked per record;',
    '`public`: no sign-in. A group administrator reads a campus of its group read-only whatever the cell says.',
    '',
    '### Record types (read / create, replace, delete)',
    '',
    `| Record type | Path | ${ROLES.map((r) => ROLE_LABELS[r]).join(' | ')} |`,
    `| --- | --- | ${ROLES.map(() => '---').join(' | ')} |`,
    ...recordTypeRows(table),
    '',
    '### Declared routes',
    '',
    'Within a route, its handler may narrow further by power (for example faculty reach the marks of their own courses',
    'only, `keep-own`); the table says who is let in.',
    '',
    `| Route | What | ${ROLES.map((r) => ROLE_LABELS[r]).join(' | ')} |`,
    `| --- | --- | ${ROLES.map(() => '---').join(' | ')} |`,
    ...routeRows(table),
    '',
  ].join('\n');
  return format(text, { ...(await resolveConfig(POWERS_DOC)), filepath: POWERS_DOC });
}
