/**
 * Bench data for the program-level attainment read (docs/design.md "Budgets": <= 3 DynamoDB calls): one program of
 * 8 terms x 8 courses, 6 COs per course with a CO-PO matrix, a roster of 120 students, and per course an ISE,
 * MSE, ISE and ESE of 20 questions each (64 x 4 x 120 x 20 = 614,400 marks), all created through the API as a
 * college would. Marks follow each student's ability and each course's difficulty, so levels spread over 0-3.
 */
type Json = Record<string, any>;

/** What the fixture made: the program's id and how many marks it stored. */
export interface ProgramFixture {
  program: string;
  courses: number;
  marks: number;
}

export async function buildProgramFixture(url: string, headers: Record<string, string>, department: string): Promise<ProgramFixture> {
  const call = async (method: string, path: string, body?: unknown, type = 'application/json'): Promise<Json> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { ...headers, 'content-type': type },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const json = (await res.json()) as Json;
    if (!res.ok) throw new Error(`bench fixture: ${method} ${path} answered ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json.data;
  };
  const TERMS = 8;
  const PER_TERM = 8;
  const STUDENTS = 120;
  const QUESTIONS = 20;
  const KINDS = ['ISE', 'MSE', 'ISE', 'ESE'];
  let seed = 11;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;

  const program = await call('POST', '/api/program', { title: 'Bench attainment program', department, number_of_terms: TERMS });
  await call('POST', '/api/generic-program-outcome/setup', { program: program.id, framework: 'nba_12_po' });
  const pos = (await call('GET', `/api/generic-program-outcome?program=${program.id}`)) as Json[];
  const cur = await call('POST', '/api/curriculum', { name: 'Bench attainment', program: program.id });
  const csv = [
    'term,code,title,type,lecture,tutorial,practical,credits',
    ...Array.from({ length: TERMS * PER_TERM }, (_, i) => `${Math.floor(i / PER_TERM) + 1},BA${i},Bench attainment ${i},core,3,1,0,4`),
  ];
  await call('POST', `/api/import/curriculum?curriculum=${cur.id}`, csv.join('\n'), 'text/csv');
  await call(
    'POST',
    `/api/import/students?curriculum=${cur.id}`,
    ['roll_no,name,section', ...Array.from({ length: STUDENTS }, (_, i) => `BA${i},Bench student ${i},A`)].join('\n'),
    'text/csv',
  );
  const courses = (await call('GET', `/api/Course-Curriculum?curriculum=${cur.id}&limit=1000`)) as Json[];
  const bloom = ((await call('GET', '/api/bloom-level')) as Json[])[0].id;
  const method = ((await call('GET', '/api/delivery-method')) as Json[])[0].id;
  const ability = Array.from({ length: STUDENTS }, () => 0.35 + rand() * 0.6);
  let marks = 0;
  for (const [ci, course] of courses.entries()) {
    const cos: string[] = [];
    for (let i = 0; i < 6; i++)
      cos.push(
        (
          await call('POST', '/api/Course-Outcome', {
            course: course.id,
            code: `CO${i + 1}`,
            statement: `Bench outcome ${i + 1}`,
            cognitive_domain: bloom,
            delivery_method: method,
          })
        ).id,
      );
    const cells = Object.fromEntries(
      cos.map((co) => [co, Object.fromEntries(pos.filter(() => rand() < 0.5).map((po) => [po.id, 1 + Math.floor(rand() * 3)]))]),
    );
    await call('PUT', `/api/co-po-matrix/${course.id}`, { version: 0, cells });
    const difficulty = (rand() - 0.5) * 0.5;
    for (const [k, kind] of KINDS.entries()) {
      const occ = await call('POST', '/api/occasion', {
        course: course.id,
        kind,
        name: `${kind} ${k + 1}`,
        section: 'A',
        total_marks: QUESTIONS * 5,
        held_on: `2025-${String(8 + k).padStart(2, '0')}-1${ci % 9}`,
      });
      const questions = Array.from({ length: QUESTIONS }, (_, q) => ({
        number: String(q + 1),
        max_marks: 5,
        co: cos[q % cos.length],
        bloom_level: bloom,
      }));
      await call('PUT', `/api/question-paper/${occ.id}`, { version: 0, questions });
      const rows = ability.map((a, s) =>
        [
          `BA${s}`,
          ...questions.map(() => String(Math.round(Math.min(1, Math.max(0, a - difficulty + (rand() - 0.5) * 0.4)) * 10) / 2)),
        ].join(','),
      );
      await call(
        'POST',
        `/api/marks/${occ.id}/upload`,
        [['roll_no', ...questions.map((q) => q.number)].join(','), ...rows].join('\n'),
        'text/csv',
      );
      marks += STUDENTS * QUESTIONS;
    }
  }
  return { program: program.id, courses: courses.length, marks };
}
