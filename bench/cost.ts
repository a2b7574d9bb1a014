/**
 * `npm run cost`: the AWS bill of one campus-year of Attain, from the last bench's measures (`bench/measured.json`,
 * written by `npm run bench`), the stated campus-year (`TYPICAL_CAMPUS_YEAR`) and the price sheet (`cost/prices.ts`).
 * Prints the assumptions, each action with its basis, the bill by billed unit with each price's page and date, and
 * the total per campus-year. `docs/cost.md` explains the model.
 */
import { readFileSync } from 'node:fs';
import { MEASURED_FILE } from './measures.js';
import { MEASURE_KEYS, TYPICAL_CAMPUS_YEAR, actionsOf, campusYearBill, measuresFrom } from './cost/model.js';
import { PRICES } from './cost/prices.js';

const file = JSON.parse(readFileSync(MEASURED_FILE, 'utf8')) as { at: string; measures: Record<string, unknown> };
const m = measuresFrom(file.measures);
const y = TYPICAL_CAMPUS_YEAR;
const usd = (n: number) => `$${n.toFixed(n < 1 ? 3 : 2)}`;
const num = (n: number) => Math.round(n).toLocaleString('en-IN');

const out: string[] = [];
out.push('# Attain: AWS cost of one campus-year', '');
out.push(`Prices: ${PRICES.region}, on-demand, free tiers left out. Measures: npm run bench of ${file.at.slice(0, 10)}.`, '');
out.push('## The campus-year assumed', '', '| assumption | value |', '|---|---|');
for (const [k, v] of Object.entries(y)) out.push(`| ${k.replaceAll('_', ' ')} | ${num(v)} |`);
out.push('', '## Measured per action (npm run bench)', '', '| measure | value |', '|---|---|');
for (const [k, label] of Object.entries(MEASURE_KEYS)) out.push(`| ${label} | ${m[k as keyof typeof MEASURE_KEYS]} |`);
out.push('', '## Actions in the year', '', '| action | times a year | how one is reckoned |', '|---|---|---|');
for (const a of actionsOf(y, m)) out.push(`| ${a.action} | ${num(a.count)} | ${a.basis} |`);
const bill = campusYearBill(y, m, PRICES);
out.push('', '## The bill', '', '| billed unit | quantity | price | cost a year | price read from |', '|---|---|---|---|---|');
for (const l of [...bill.lines].sort((a, b) => b.usd - a.usd)) {
  const p = PRICES.prices[l.key];
  const price = `$${p.usd} per ${p.per === 1 ? 'unit' : num(p.per)}`;
  out.push(
    `| ${p.unit} | ${num(l.quantity)} | ${price} | ${usd(l.usd)} | ${p.source}, ${p.as_of}${p.checked ? '' : ' (not re-read: confirm)'} |`,
  );
}
out.push('', `**Total per campus-year: ${usd(bill.total)}** (${usd(bill.total / 12)} a month).`);
console.log(out.join('\n'));
