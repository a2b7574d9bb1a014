import { expect } from 'vitest';
import type { client } from './client.js';

type Api = ReturnType<typeof client>;

/**
 * A one-term program with one curriculum, one course (in the CSE department) and one CO, made through the API as an
 * admin would, for tests that need marks: an occasion with a paper is added by `occasionWithPaper`.
 * @param name names the program, curriculum and course title; `code` is the course code
 */
export async function courseWithOneCo(api: Api, name: string, code: string) {
  const dept = (await api.get('/api/department')).body.data.find((d: { short_name: string }) => d.short_name === 'CSE');
  const program = (await api.post('/api/program', { title: name, department: dept.id, number_of_terms: 1 })).body.data;
  const curriculum = (await api.post('/api/curriculum', { name, program: program.id })).body.data;
  const term = (await api.get(`/api/term?curriculum=${curriculum.id}`)).body.data[0];
  const course = (
    await api.post('/api/Course-Curriculum', { curriculum: curriculum.id, term: term.id, code, title: name, reviewer_department: dept.id })
  ).body.data;
  const bloom: string = (await api.get('/api/bloom-level')).body.data[0].id;
  const method: string = (await api.get('/api/delivery-method')).body.data[0].id;
  const co = (
    await api.post('/api/Course-Outcome', {
      course: course.id,
      code: 'CO1',
      statement: 'Outcome',
      cognitive_domain: bloom,
      delivery_method: method,
    })
  ).body.data;
  expect(co?.id, 'the course outcome was created').toBeTruthy();
  return { program, curriculum, course, co, bloom };
}

/** An ISE of section A on `course` with `questions` questions of `max` marks each, all on `co`. */
export async function occasionWithPaper(
  api: Api,
  ids: { course: string; co: string; bloom: string },
  name: string,
  questions: number,
  max: number,
) {
  const occasion = (await api.post('/api/occasion', { course: ids.course, kind: 'ISE', name, section: 'A', total_marks: questions * max }))
    .body.data;
  const paper = Array.from({ length: questions }, (_, i) => ({
    number: String(i + 1),
    max_marks: max,
    co: ids.co,
    bloom_level: ids.bloom,
  }));
  expect((await api.put(`/api/question-paper/${occasion.id}`, { version: 0, questions: paper })).status).toBe(200);
  return occasion;
}
