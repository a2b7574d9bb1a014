import { describe, expect, it } from 'vitest';
import { fieldText } from '../src/format/field-text.js';
import { sentMail } from '../src/mail/sent-mail.js';
import { sarSection } from '../src/sar/sar-data.js';

const to = sentMail.fields.find((f) => f.name === 'to');

describe('an e-mail list as one line of text', () => {
  it('joins a few addresses with commas', () => {
    expect(fieldText(to, ['a@x.edu', 'b@x.edu'], 'en-IN')).toBe('a@x.edu, b@x.edu');
    expect(fieldText(to, [], 'en-IN')).toBe('');
  });
  it('counts the rest after the first three, in the campus’s number format', () => {
    const many = Array.from({ length: 2000 }, (_, i) => `s${i}@x.edu`);
    expect(fieldText(to, many, 'en-IN')).toBe('s0@x.edu, s1@x.edu, s2@x.edu +1,997 more');
    expect(
      fieldText(
        to,
        Array.from({ length: 100_003 }, () => 'a@x.edu'),
        'en-IN',
      ),
    ).toMatch(/\+1,00,000 more$/);
  });
});

describe('NBA tables as one line of text', () => {
  const tables = sarSection.fields.find((f) => f.name === 'tables');
  it('names each table with its rows, in the campus’s number format', () => {
    const row = ['a', 'b'];
    expect(
      fieldText(
        tables,
        [
          { title: 'Laboratories', columns: ['x', 'y'], rows: [row] },
          { title: 'Students placed', columns: ['x', 'y'], rows: Array.from({ length: 1200 }, () => row) },
          null,
        ],
        'en-IN',
      ),
    ).toBe('Laboratories (1 row), Students placed (1,200 rows)');
  });
});
