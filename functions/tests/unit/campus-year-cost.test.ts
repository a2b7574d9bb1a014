import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEASURED_FILE } from '../../../bench/measures.js';
import {
  type CampusYear,
  MEASURE_KEYS,
  type Measures,
  TYPICAL_CAMPUS_YEAR,
  campusYearBill,
  measuresFrom,
} from '../../../bench/cost/model.js';
import { PRICES } from '../../../bench/cost/prices.js';

/** Every measure at a plain value, so a test changes one and sees what follows. */
const flat = (over: Partial<Record<keyof typeof MEASURE_KEYS, number>> = {}): Measures =>
  measuresFrom({ ...Object.fromEntries(Object.keys(MEASURE_KEYS).map((k) => [k, 1])), ...over });

/** A year of nothing but `answers` survey answers (no storage, no alarms shared). */
const onlyAnswers = (answers: number): CampusYear =>
  ({
    ...Object.fromEntries(Object.keys(TYPICAL_CAMPUS_YEAR).map((k) => [k, 0])),
    campuses_per_stack: Number.POSITIVE_INFINITY,
    survey_answers: answers,
  }) as CampusYear;

const line = (bill: ReturnType<typeof campusYearBill>, key: string) => bill.lines.find((l) => l.key === key);

describe('npm run cost: the AWS bill of a campus-year', () => {
  it('refuses measures the bench did not take, naming them', () => {
    expect(() => measuresFrom({ 'api.read.calls': 1 })).toThrow(/survey\.answer\.calls/);
    expect(() => measuresFrom({ ...flat(), 'survey.answer.calls': Number.NaN })).toThrow(/survey\.answer\.calls/);
  });

  it('prices a survey answer by its measured DynamoDB calls: fewer calls, a smaller bill', () => {
    const eight = campusYearBill(onlyAnswers(1_000_000), flat({ 'survey.answer.calls': 8, 'survey.answer.ms': 100 }), PRICES);
    const three = campusYearBill(onlyAnswers(1_000_000), flat({ 'survey.answer.calls': 3, 'survey.answer.ms': 100 }), PRICES);
    // Each call of an answer is 2 WRU (a transactional write): a million answers of 8 calls are 16 million WRU.
    expect(line(eight, 'dynamoWru')?.quantity).toBe(16_000_000);
    expect(line(eight, 'dynamoWru')?.usd).toBeCloseTo(16 * PRICES.prices.dynamoWru.usd, 6);
    expect(line(three, 'dynamoWru')?.quantity).toBe(6_000_000);
    expect(three.total).toBeLessThan(eight.total);
    // One HTTP API request per answer; the authorizer and the function: two Lambda invocations of 105 ms at 512 MB.
    expect(line(eight, 'httpApiRequest')?.quantity).toBe(1_000_000);
    expect(line(eight, 'lambdaRequest')?.quantity).toBe(2_000_000);
    expect(line(eight, 'lambdaArmGbSecond')?.quantity).toBeCloseTo(2_000_000 * 0.105 * 0.5, 3);
  });

  it("prices one refresh of a campus's summaries per record saved, by the refresh's measured calls and time", () => {
    const saves: CampusYear = { ...onlyAnswers(0), staff: 10, working_days: 100, writes_per_day: 1 };
    const heavy = campusYearBill(saves, flat({ 'summaries.refresh.calls': 200, 'summaries.refresh.ms': 1000 }), PRICES);
    const light = campusYearBill(saves, flat({ 'summaries.refresh.calls': 50, 'summaries.refresh.ms': 1000 }), PRICES);
    // 1,000 records saved: 1,000 refreshes of 200 calls at 4 RRU each; one worker invocation of 1 s at 1 GB each.
    expect(line(heavy, 'dynamoRru')?.quantity).toBe(1000 * 200 * 4);
    expect(line(light, 'dynamoRru')?.quantity).toBe(1000 * 50 * 4);
    expect(line(heavy, 'lambdaArmGbSecond')?.quantity).toBeGreaterThanOrEqual(1000 * 1 * 1);
    expect(light.total).toBeLessThan(heavy.total);
  });

  it('adds its lines to its total, and prices nothing for a year of nothing', () => {
    const bill = campusYearBill(TYPICAL_CAMPUS_YEAR, flat(), PRICES);
    expect(bill.total).toBeCloseTo(
      bill.lines.reduce((s, l) => s + l.usd, 0),
      9,
    );
    expect(bill.total).toBeGreaterThan(0);
    expect(campusYearBill(onlyAnswers(0), flat(), PRICES).total).toBe(0);
  });

  it('cites a page and a date for every price', () => {
    for (const p of Object.values(PRICES.prices)) {
      expect(p.source).toMatch(/^https?:\/\//);
      expect(p.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(p.usd).toBeGreaterThan(0);
    }
  });

  it('has the last bench run in the repository, with every measure it prices', () => {
    expect(existsSync(MEASURED_FILE)).toBe(true);
    const file = JSON.parse(readFileSync(MEASURED_FILE, 'utf8')) as { measures: Record<string, unknown> };
    expect(() => measuresFrom(file.measures)).not.toThrow();
  });
});
