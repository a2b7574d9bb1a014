import type { RecordOf } from '../registry/entity.js';
import type { bloomLevel } from './bloom-level.js';

type BloomLevel = RecordOf<typeof bloomLevel>;

/** British and US spellings compare equal (analyse/analyze, summarise/summarize). */
const norm = (w: string) => w.toLowerCase().trim().replace(/yze$/, 'yse').replace(/ize$/, 'ise');

/**
 * Picks a course outcome's Bloom's level (a campus `bloom-level` record with a K-code) from the CSV cell or,
 * when the cell is blank, from the statement's first word:
 * - a cell such as `K1, K2` or `K3, K5, K6` gives the highest level listed (a CO is placed at the highest
 *   cognitive level it demands);
 * - a blank cell: the first word is looked up among the level names (Remember .. Create) and their action
 *   verbs (blooms-levels.json: Anderson & Krathwohl 2001 as tabulated by source BL-A, and BL-C); a verb listed at
 *   several levels gives the lowest of them.
 * Used by the course outcomes import and by the CO form, which fills a new CO's level from its statement until the
 * person chooses one.
 * @returns the level and how it was found, or undefined when neither works
 */
export function pickBloomLevel(
  cell: string,
  statement: string,
  levels: readonly BloomLevel[],
): { level: BloomLevel; how: 'given' | 'inferred' } | undefined {
  const cognitive = levels.filter((l) => /^K[1-6]$/.test(l.level_of_learning ?? ''));
  const byK = (k: number) => cognitive.find((l) => l.level_of_learning === `K${k}`);
  const ks = [...cell.matchAll(/K\s*([1-6])/gi)].map((m) => Number(m[1]));
  if (ks.length) {
    const level = byK(Math.max(...ks));
    return level ? { level, how: 'given' } : undefined;
  }
  const first = norm(statement.split(/\s+/)[0]?.replace(/[^A-Za-z]/g, '') ?? '');
  if (!first) return undefined;
  // Every cognitive level has a K-code (filtered above): the `?? ''` only satisfies the optional field's type.
  const sorted = [...cognitive].sort((a, b) => (a.level_of_learning ?? '').localeCompare(b.level_of_learning ?? ''));
  for (const l of sorted) {
    const verbs = [l.name, ...(l.action_verb ?? '').split(',')].map(norm);
    if (verbs.includes(first)) return { level: l, how: 'inferred' };
  }
  return undefined;
}
