import { describe, expect, it } from 'vitest';
import { fieldText } from '../src/format/field-text.js';
import { sentMail } from '../src/mail/sent-mail.js';

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
