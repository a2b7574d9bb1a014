import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What `npm run bench` measured per action, by key, for `npm run cost` (`bench/cost/model.ts` names the keys it
 * reads and their units). Each step of the bench records the figures it prints; `saveMeasures` writes them to
 * `bench/measured.json` (kept in the repository, so the cost of a clean clone is that of the last bench run).
 */
export const measures: Record<string, number> = {};

/**
 * Records one measured figure (`value` in the unit the key names: calls, ms, KB, per-request means).
 * @throws Error for a value that is not a finite number (a bench step that measured nothing)
 */
export function measure(key: string, value: number): void {
  if (!Number.isFinite(value)) throw new Error(`bench: the measure ${key} is not a number (${value})`);
  measures[key] = value;
}

/** Writes the measures, with when they were taken, to `file` (default `bench/measured.json`). */
export function saveMeasures(file: string): void {
  writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), measures }, null, 2)}\n`);
}

/** Where the measures the cost reads are kept. */
export const MEASURED_FILE = join(import.meta.dirname, 'measured.json');
