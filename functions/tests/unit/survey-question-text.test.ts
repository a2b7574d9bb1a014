import { describe, expect, it } from 'vitest';
import { withStatement } from '../../src/features/survey/survey-form.js';

/** A survey question's text reads as one sentence with the outcome's statement put in (issue 43, seen in the browser). */
describe("a survey question's text with an outcome's statement", () => {
  it('puts a capitalised statement inside a sentence in lower case, without its full stop before the question mark', () => {
    expect(withStatement('How far can you now {statement}?', 'Identify the elements of relational database systems.')).toBe(
      'How far can you now identify the elements of relational database systems?',
    );
  });

  it('keeps an acronym, a statement after a colon, and one at the start as written', () => {
    expect(withStatement('How well can you now write {statement}?', 'SQL queries.')).toBe('How well can you now write SQL queries?');
    expect(withStatement('The program prepared me for this: {statement}', 'Engineering knowledge: Apply it.')).toBe(
      'The program prepared me for this: Engineering knowledge: Apply it.',
    );
    expect(withStatement('{statement}', 'Design a circuit.')).toBe('Design a circuit.');
    expect(withStatement('No placeholder here', 'Anything')).toBe('No placeholder here');
  });
});
