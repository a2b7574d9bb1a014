import type { PriceKey, PriceSheet } from './prices.js';

/**
 * The cost of one campus-year of Attain on AWS (`npm run cost`), from what the bench measured per action
 * (`bench/measures.ts`), a stated campus-year (`CampusYear`) and a price sheet (`prices.ts`).
 *
 * Each action a campus performs in a year is priced by what one of it costs: its Lambda invocations and their billed
 * duration (the bench's measured time at the function's memory), its API Gateway request, its DynamoDB calls turned
 * into request units (`units per call` stated per action: pages of records, transactions and batches differ), its
 * SQS messages, S3 requests, SES e-mails and bytes through CloudFront. Storage and alarms are priced per month.
 */

/** A typical campus-year: what one campus of a college does with Attain in one academic year. */
export interface CampusYear {
  /** Faculty and staff who sign in. */
  staff: number;
  /** Days a year they use it. */
  working_days: number;
  /** API reads (pages of records, single records) per person per working day. */
  reads_per_day: number;
  /** API writes (a record saved) per person per working day. */
  writes_per_day: number;
  /** Programs (each read on its attainment pages, and with a SAR). */
  programs: number;
  /** Program attainment page reads per program in the year. */
  program_reads: number;
  /** Course offerings in the year (a course taught to a batch in a term). */
  courses: number;
  /** Assessment occasions per course (CIE tests, assignments, SEE). */
  occasions: number;
  /** Students in a course offering (marks rows per occasion). */
  students_per_course: number;
  /** How often a marks sheet is saved whole, on average (first entry, corrections). */
  sheet_saves: number;
  /** Course-exit and PO survey answers in the year. */
  survey_answers: number;
  /** Recipients of Send Mail in the year (all bulk mails added). */
  mail_recipients: number;
  /** SAR exports (DOCX or PDF) in the year, all programs. */
  sar_exports: number;
  /** Group roll-up reads in the year, this campus's share. */
  rollup_reads: number;
  /** Sign-in sessions that load the web app (first page). */
  sessions: number;
  /** DynamoDB storage of the campus after the year (GB). */
  table_gb: number;
  /** S3 storage (uploads, CVs, imports kept) after the year (GB). */
  files_gb: number;
  /** Campuses sharing one stack (alarms are paid once per stack). */
  campuses_per_stack: number;
}

/** The stated campus-year `npm run cost` prices (the reasons are in `docs/cost.md`). */
export const TYPICAL_CAMPUS_YEAR: CampusYear = {
  staff: 150,
  working_days: 180,
  reads_per_day: 30,
  writes_per_day: 5,
  programs: 6,
  program_reads: 500,
  courses: 240,
  occasions: 4,
  students_per_course: 60,
  sheet_saves: 3,
  survey_answers: 11_000,
  mail_recipients: 45_000,
  sar_exports: 240,
  rollup_reads: 200,
  sessions: 27_000,
  table_gb: 1,
  files_gb: 5,
  campuses_per_stack: 10,
};

/** The measures the model reads, with their units. `bench/run.ts` records every one; a missing one is an error. */
export const MEASURE_KEYS = {
  'api.read.calls': 'DynamoDB calls per list page read (GET /api/department)',
  'api.read.ms': 'ms per list page read, p50',
  'api.write.calls': 'DynamoDB calls per record created (POST /api/department)',
  'api.write.ms': 'ms per record created, p50',
  'program.read.calls': 'DynamoDB calls per program attainment read',
  'program.read.ms': 'ms per program attainment read, p50',
  'marks.import.ms_per_row': 'import worker ms per marks row (wall time of the 10,000-row import)',
  'survey.answer.calls': 'DynamoDB calls per public survey answer',
  'survey.answer.ms': 'ms per public survey answer, p50',
  'sar.export.calls': 'DynamoDB calls per SAR export',
  'sar.export.ms': 'ms per SAR export (DOCX)',
  'sar.export.kb': 'KB per SAR export (DOCX)',
  'mail.ms_per_recipient': 'mail worker ms per recipient (wall time of the 2,000-recipient mail, at SES rate)',
  'rollup.calls_per_campus': 'DynamoDB calls per campus per roll-up read',
  'summaries.refresh.calls': "DynamoDB calls of one refresh of the bench campus's summaries after a change",
  'summaries.refresh.ms': "ms of one refresh of the bench campus's summaries (the local worker's wall time)",
  'first_page.kb': 'KB of JavaScript (gzip) of the first page',
} as const;

export type MeasureKey = keyof typeof MEASURE_KEYS;
export type Measures = Readonly<Record<MeasureKey, number>>;

/**
 * Checks that `raw` holds every measure the model reads, as a number.
 * @throws Error naming the missing measures (the bench must run first)
 */
export function measuresFrom(raw: Readonly<Record<string, unknown>>): Measures {
  const missing = Object.keys(MEASURE_KEYS).filter((k) => typeof raw[k] !== 'number' || !Number.isFinite(raw[k]));
  if (missing.length) throw new Error(`The bench measured no ${missing.join(', ')}: run npm run bench first`);
  return raw as Measures;
}

/** What one action uses, per occurrence. */
interface Usage {
  lambda?: { invocations: number; ms: number; gb: number };
  api?: number;
  rru?: number;
  wru?: number;
  sqs?: number;
  s3Put?: number;
  s3Get?: number;
  ses?: number;
  /** Bytes out through CloudFront (KB). */
  outKb?: number;
  /** CloudFront requests. */
  cdnRequests?: number;
  /** Log bytes written (KB). */
  logKb?: number;
}

/** One priced action: what it is, how many times a year, what one uses, and how that was reckoned. */
export interface Action {
  action: string;
  count: number;
  usage: Usage;
  basis: string;
}

/** API Lambdas run at 512 MB, workers at 1,024 MB (`infra/lib/attain-function.ts`, the worker constructs). */
const API_GB = 0.5;
const WORKER_GB = 1;
/** Log lines per API request, about 0.5 KB each (one request line and one summary line). */
const API_LOG_KB = 1;

/** The year's actions of `y`, each with what one uses from the measures `m`. */
export function actionsOf(y: CampusYear, m: Measures): Action[] {
  const api = (ms: number) => ({ lambda: { invocations: 2, ms: ms + 5, gb: API_GB }, api: 1, cdnRequests: 1, logKb: API_LOG_KB });
  const rows = y.courses * y.occasions * y.students_per_course;
  return [
    {
      action: 'Pages read (lists of records, one record)',
      count: y.staff * y.working_days * y.reads_per_day,
      usage: { ...api(m['api.read.ms']), rru: m['api.read.calls'] * 5, outKb: 20 },
      basis:
        'a page of up to 100 records of about 0.4 KB read eventually consistent: 5 RRU per call; 20 KB out; ' +
        'the authorizer invoked with each request (uncached)',
    },
    {
      action: 'Records saved',
      count: y.staff * y.working_days * y.writes_per_day,
      usage: { ...api(m['api.write.ms']), wru: m['api.write.calls'] * 2 * 3, outKb: 2 },
      basis: 'one transaction of record, unique guard and audit entry, each under 1 KB: 2 WRU each (transactional)',
    },
    {
      action: 'Program attainment read',
      count: y.programs * y.program_reads,
      usage: { ...api(m['program.read.ms']), rru: m['program.read.calls'] * 10, outKb: 60 },
      basis: 'stored results of a program: about 10 RRU per call (strongly consistent Query of ~40 KB)',
    },
    {
      action: 'Marks rows written (sheets saved or imported)',
      count: rows * y.sheet_saves,
      usage: {
        lambda: { invocations: 1 / 500, ms: m['marks.import.ms_per_row'] * 500, gb: WORKER_GB },
        wru: 1,
        s3Put: 1 / 500,
        s3Get: 1 / 500,
        sqs: 2 / 500,
      },
      basis:
        'one item of 20 marks (under 1 KB) per row: 1 WRU (BatchWriteItem bills per item, not per call); ' +
        'a file or sheet of about 500 rows per import job, its worker time as measured',
    },
    {
      action: 'Course results recomputed after a sheet',
      count: y.courses * y.occasions * y.sheet_saves,
      usage: { lambda: { invocations: 1, ms: 300, gb: WORKER_GB }, rru: 60, wru: 10, sqs: 3 },
      basis: "a course's marks (about 240 rows, 60 KB) read again and its results stored: 60 RRU, 10 WRU, 300 ms",
    },
    {
      action: 'Survey answers',
      count: y.survey_answers,
      usage: { ...api(m['survey.answer.ms']), wru: m['survey.answer.calls'] * 2, outKb: 1 },
      basis: 'each DynamoDB call of an answer priced as 2 WRU (a transactional write of an item under 1 KB)',
    },
    {
      action: 'Mail recipients',
      count: y.mail_recipients,
      usage: { lambda: { invocations: 1 / 10, ms: m['mail.ms_per_recipient'], gb: WORKER_GB }, ses: 1, sqs: 3 / 10, wru: 3, rru: 1 },
      basis:
        'one SES e-mail; the recipient written when sent and when delivered, with its receipt (3 WRU); 10 recipients per queue message',
    },
    {
      action: 'SAR exports',
      count: y.sar_exports,
      usage: {
        lambda: { invocations: 2, ms: m['sar.export.ms'], gb: 1 },
        api: 1,
        rru: m['sar.export.calls'] * 10,
        outKb: m['sar.export.kb'],
        cdnRequests: 1,
      },
      basis: "each call about 10 RRU (Queries of a program's records); the DOCX as measured",
    },
    {
      action: 'Campus summaries refreshed after a change',
      // Writes of a campus come about 40 s apart in a working day (150 staff, 5 a day, 8 hours), past the 3 s a
      // refresh waits to gather them: about one refresh per record saved, and one more per course's results stored
      // by the results worker after a sheet (its stamp comes after the sheet's refresh has started).
      count: y.staff * y.working_days * y.writes_per_day + y.courses * y.occasions * y.sheet_saves,
      usage: {
        lambda: { invocations: 1, ms: m['summaries.refresh.ms'], gb: WORKER_GB },
        rru: m['summaries.refresh.calls'] * 4,
        wru: 4 * 5 + 2,
        sqs: 3,
        logKb: 0.5,
      },
      basis:
        "every summary the campus has recomputed by the campus pages' services (Queries of records and stored results: " +
        'about 4 RRU per call) and stored (4 summaries of up to 5 KB: 20 WRU, and the stamp claimed: 2); one SQS ' +
        'message sent, received and deleted',
    },
    {
      action: 'Group roll-up reads',
      count: y.rollup_reads,
      usage: { ...api(50), rru: m['rollup.calls_per_campus'] * 4, outKb: 30 / y.campuses_per_stack },
      basis: "this campus's summaries (one strongly consistent Query of ~16 KB: 4 RRU per call)",
    },
    {
      action: 'Web app loads',
      count: y.sessions,
      usage: { outKb: m['first_page.kb'] * 2.5, cdnRequests: 12 },
      basis: "the first page's JavaScript as measured, with styles, fonts and images about 2.5 times it; 12 files",
    },
  ];
}

/** One line of the bill: a billed unit, the year's quantity, and what it costs (USD). */
export interface BillLine {
  key: PriceKey;
  quantity: number;
  usd: number;
}

/** The year's bill of one campus: lines by billed unit and their total (USD, unrounded). */
export interface CampusYearBill {
  lines: BillLine[];
  total: number;
}

/**
 * Prices the year `y` with the measures `m` and the sheet `prices`: every action's usage times its count, summed by
 * billed unit, plus storage (12 GB-months of the year-end size, a full year) and the stack's alarms shared by its
 * campuses. Lambda duration is billed per ms (GB-seconds = ms / 1000 x GB).
 */
export function campusYearBill(y: CampusYear, m: Measures, prices: PriceSheet): CampusYearBill {
  const q: Record<PriceKey, number> = {
    lambdaRequest: 0,
    lambdaArmGbSecond: 0,
    httpApiRequest: 0,
    dynamoWru: 0,
    dynamoRru: 0,
    dynamoStorageGbMonth: y.table_gb * 12,
    s3StorageGbMonth: y.files_gb * 12,
    s3Put: 0,
    s3Get: 0,
    sesEmail: 0,
    sqsRequest: 0,
    cloudFrontGbIndia: 0,
    cloudFrontHttpsRequest: 0,
    cloudWatchLogsGb: 0,
    // The stack's 7 alarms (three dead-letter queues, API 5xx, throttles, table errors, mail in doubt:
    // docs/operations.md) for 12 months, shared by its campuses.
    cloudWatchAlarmMonth: (7 * 12) / y.campuses_per_stack,
  };
  for (const a of actionsOf(y, m)) {
    const u = a.usage;
    if (u.lambda) {
      q.lambdaRequest += a.count * u.lambda.invocations;
      q.lambdaArmGbSecond += a.count * u.lambda.invocations * (u.lambda.ms / 1000) * u.lambda.gb;
    }
    q.httpApiRequest += a.count * (u.api ?? 0);
    q.dynamoRru += a.count * (u.rru ?? 0);
    q.dynamoWru += a.count * (u.wru ?? 0);
    q.sqsRequest += a.count * (u.sqs ?? 0);
    q.s3Put += a.count * (u.s3Put ?? 0);
    q.s3Get += a.count * (u.s3Get ?? 0);
    q.sesEmail += a.count * (u.ses ?? 0);
    q.cloudFrontGbIndia += (a.count * (u.outKb ?? 0)) / 1024 / 1024;
    q.cloudFrontHttpsRequest += a.count * (u.cdnRequests ?? 0);
    q.cloudWatchLogsGb += (a.count * (u.logKb ?? 0)) / 1024 / 1024;
  }
  const lines = (Object.keys(q) as PriceKey[]).map((key) => {
    const p = prices.prices[key];
    return { key, quantity: q[key], usd: (q[key] / p.per) * p.usd };
  });
  return { lines, total: lines.reduce((s, l) => s + l.usd, 0) };
}
