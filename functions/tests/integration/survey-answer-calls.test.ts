import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newLinkToken, tokenHash } from '../../src/platform/lib/link-token.js';
import { inviteesPk, linkKey } from '../../src/features/survey/survey-store.js';
import { client, signedIn } from '../support/client.js';
import { academicYear, indiaDay } from '../support/india-dates.js';

/**
 * What one public survey answer costs (the open issue "a survey answer costs 8 DynamoDB calls"): the link, the survey
 * (it may have closed or changed its audience since the last answer), one transaction and the campus's change stamp.
 * Counted by the `x-dynamodb-calls` header the local stack sets on every answer.
 */
const base = inject('stackUrl');
const users = inject('users');
const env = inject('stackEnv');
const anon = () => client(base);

/** DynamoDB calls of one accepted public answer, once the instance has read the survey's form and campus. */
const ANSWER_CALLS = 5;

const calls = (res: { headers: Headers }) => Number(res.headers.get('x-dynamodb-calls'));

let admin: Awaited<ReturnType<typeof signedIn>>;
let doc: DynamoDBDocumentClient;

beforeAll(async () => {
  admin = await signedIn(base, users.demoAdmin);
  doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
      region: env.AWS_REGION,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    }),
  );
});

/**
 * An open alumni PO survey of the demo program with `n` alumni invited, each with a link: the invitations are written
 * to the table as `survey-invite.ts` writes them (the mail path is tested in survey.test.ts).
 */
async function alumniSurvey(n: number, extra: Record<string, unknown> = {}) {
  const program = (await admin.get('/api/program')).body.data.find((p: { acronym: string }) => p.acronym === 'B.Tech CSE');
  const template = (await admin.get('/api/template')).body.data.find((t: { survey_for: string }) => t.survey_for === 'PO');
  const curriculum = (await admin.get(`/api/curriculum?program=${program.id}`)).body.data[0];
  const made = await admin.post('/api/survey', {
    name: `Answer calls ${Math.random().toString(36).slice(2, 7)}`,
    template: template.id,
    survey_for: 'PO',
    type: 'Alumni',
    program: program.id,
    curriculum: curriculum.id,
    academic_year: academicYear(indiaDay()),
    start_date: indiaDay(-1),
    end_date: indiaDay(30),
    ...extra,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const s = made.body.data as { id: string; program: string };
  const tokens = Array.from({ length: n }, () => newLinkToken());
  await doc.send(
    new BatchWriteCommand({
      RequestItems: {
        [env.TABLE_NAME]: tokens.flatMap((token, i) => [
          {
            PutRequest: {
              Item: {
                ...linkKey(tokenHash(token)),
                entityType: 'survey-link',
                campus: 'demo',
                survey: s.id,
                invitee: `stakeholder#calls-${i}`,
                expires: Date.now() + 86_400_000,
              },
            },
          },
          {
            PutRequest: {
              Item: {
                PK: inviteesPk('demo', s.id),
                SK: `stakeholder#calls-${i}`,
                entityType: 'survey-invitee',
                id: `stakeholder#calls-${i}`,
                name: `Alumnus ${i}`,
                email: `alumnus${i}@alumni.example`,
                source: 'Stakeholder',
                group: 'Alumni',
                invited_at: new Date().toISOString(),
                reminders: 0,
                responded: false,
              },
            },
          },
        ]),
      },
    }),
  );
  const form = (await admin.get(`/api/survey-host/${s.id}`)).body.data.form as { questions: { id: string; kind: string }[] };
  const answers = Object.fromEntries(form.questions.filter((q) => q.kind === 'Rating').map((q, i) => [q.id, i % 3]));
  return { s, tokens, answers };
}

/** The time (ISO) in one stamp item: the campus's change stamp, or the program's PO survey evidence stamp. */
const stampOf = async (PK: string, SK: string) =>
  ((await doc.send(new GetCommand({ TableName: env.TABLE_NAME, Key: { PK, SK }, ConsistentRead: true }))).Item?.changed_at ?? '') as string;

describe('one public survey answer', { timeout: 60_000 }, () => {
  it(`costs ${ANSWER_CALLS} DynamoDB calls, and the survey's evidence and the campus's summaries learn of it`, async () => {
    const { s, tokens, answers } = await alumniSurvey(3);
    const page = await anon().get(`/api/public/survey/${tokens[0]}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const campusBefore = await stampOf('T#demo#campus-summary', 'changed');
    const evidenceBefore = await stampOf(`T#demo#attainment-result#${s.program}`, 'surveys#PO');
    const res = await anon().post(`/api/public/survey/${tokens[0]}`, { answers });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(calls(res)).toBe(ANSWER_CALLS);
    // The next invitee, without opening the page first: the form is the instance's already.
    const next = await anon().post(`/api/public/survey/${tokens[1]}`, { answers });
    expect(next.status).toBe(201);
    expect(calls(next)).toBe(ANSWER_CALLS);
    expect(await stampOf('T#demo#campus-summary', 'changed')).not.toBe(campusBefore);
    expect(await stampOf(`T#demo#attainment-result#${s.program}`, 'surveys#PO')).not.toBe(evidenceBefore);
    expect((await admin.get(`/api/survey-results/${s.id}`)).body.data.responded_online).toBe(2);
    expect((await admin.get(`/api/survey-host/${s.id}`)).body.data).toMatchObject({ invited: 3, responded: 2 });
  });

  it('refuses a second answer and bad answers as before, storing nothing', async () => {
    const { s, tokens, answers } = await alumniSurvey(2);
    expect((await anon().post(`/api/public/survey/${tokens[0]}`, { answers })).status).toBe(201);
    const again = await anon().post(`/api/public/survey/${tokens[0]}`, { answers });
    expect(again.status).toBe(409);
    expect(again.body.errors.reason).toBe('used');
    // A used link is "used" whatever it sends.
    const usedBad = await anon().post(`/api/public/survey/${tokens[0]}`, { answers: { nope: 1 } });
    expect(usedBad.status).toBe(409);
    const bad = await anon().post(`/api/public/survey/${tokens[1]}`, { answers: { ...answers, q1: 99, nope: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fields).toMatchObject({ q1: 'Not one of the allowed choices', nope: 'Not a question of this survey' });
    const missing = await anon().post(`/api/public/survey/${tokens[1]}`, { answers: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.fields.q1).toBe('Required');
    // Two answers of one invitee at once: one is stored, the other is "used".
    const both = await Promise.all([0, 1].map(() => anon().post(`/api/public/survey/${tokens[1]}`, { answers })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await admin.get(`/api/survey-results/${s.id}`)).body.data.responded_online).toBe(2);
  });

  it('refuses a link whose invitee is gone, and answers to a survey not open (used first, as on the page)', async () => {
    const { s, tokens, answers } = await alumniSurvey(3);
    // A link to nobody (its invitee item removed, as a link could outlive one): the transaction's condition refuses it.
    const hash = tokenHash(tokens[2]);
    const link = (await doc.send(new GetCommand({ TableName: env.TABLE_NAME, Key: linkKey(hash) }))).Item;
    await doc.send(new DeleteCommand({ TableName: env.TABLE_NAME, Key: { PK: inviteesPk('demo', s.id), SK: link?.invitee } }));
    const nobody = await anon().post(`/api/public/survey/${tokens[2]}`, { answers });
    expect(nobody.status).toBe(404);
    expect(nobody.body.errors.reason).toBe('invalid');
    expect((await anon().post(`/api/public/survey/${tokens[0]}`, { answers })).status).toBe(201);
    const stored = (await admin.get(`/api/survey/${s.id}`)).body.data;
    const closed = await admin.put(`/api/survey/${s.id}`, { ...stored, start_date: indiaDay(-10), end_date: indiaDay(-2) });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const late = await anon().post(`/api/public/survey/${tokens[1]}`, { answers });
    expect(late.status).toBe(410);
    expect(late.body.errors.reason).toBe('closed');
    expect((await anon().post(`/api/public/survey/${tokens[0]}`, { answers })).body.errors.reason).toBe('used');
    const reopened = (await admin.get(`/api/survey/${s.id}`)).body.data;
    expect((await admin.put(`/api/survey/${s.id}`, { ...reopened, start_date: indiaDay(2), end_date: indiaDay(30) })).status).toBe(200);
    const early = await anon().post(`/api/public/survey/${tokens[1]}`, { answers });
    expect(early.status).toBe(410);
    expect(early.body.errors).toMatchObject({ reason: 'closed', opens_on: indiaDay(2) });
    expect((await admin.get(`/api/survey-results/${s.id}`)).body.data.responded_online).toBe(1);
  });
});
