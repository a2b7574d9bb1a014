import { describe, expect, it } from 'vitest';
import { awardHonour } from '../src/entities/faculty/award-honour.js';
import { profile } from '../src/entities/profile.js';
import { validateBody } from '../src/registry/schema.js';

const key = 'files/demo/0d6f7c2e-1111-4a4a-9b9b-123456789abc/5f0e7f7a-2222-4b4b-8c8c-abcdefabcdef';

describe('field kinds of the faculty profile and records (issue 12)', () => {
  it('keeps a designation list in the order of the choices and refuses choices outside it or chosen twice', () => {
    expect(validateBody(profile, { designation: ['HOD', 'Professor'] }, 'patch')).toMatchObject({ ok: true });
    const bad = validateBody(profile, { designation: ['Dean'] }, 'patch');
    expect(bad.ok).toBe(false);
    const twice = validateBody(profile, { designation: ['HOD', 'HOD'] }, 'patch');
    expect(twice.ok ? {} : twice.fields).toEqual({ designation: 'Chosen twice' });
  });

  it('says which row and which value of a list is wrong, and drops blank values of a row', () => {
    const bad = validateBody(
      profile,
      { qualification_detail: [{ degree: 'B.E.' }, { degree: 'M.E.', year_of_passing: 'twenty' }] },
      'patch',
    );
    expect(bad.ok ? {} : bad.fields).toEqual({ qualification_detail: 'Row 2, Year of passing: Digit only!' });
    const ok = validateBody(profile, { qualification_detail: [{ degree: 'B.E.', grade: '', specialization: null }] }, 'patch');
    expect(ok.ok && ok.data.qualification_detail).toEqual([{ degree: 'B.E.' }]);
    const many = validateBody(
      profile,
      { phd_detail: Array.from({ length: 4 }, () => ({ status: 'Awarded', university: 'Anna University' })) },
      'patch',
    );
    expect(many.ok ? {} : many.fields).toEqual({ phd_detail: 'Too Long!' });
  });

  it('takes only upload keys for a photo, and checked files of an allowed type and size as evidence', () => {
    expect(validateBody(profile, { image: key }, 'patch').ok).toBe(true);
    expect(validateBody(profile, { image: '../../etc/passwd' }, 'patch')).toMatchObject({
      ok: false,
      fields: { image: 'Not an uploaded file' },
    });
    const base = { name: 'Best Teacher', award_for: 'Teaching', year: 2024 };
    const pdf = { key, name: 'certificate.pdf', size: 120_000, content_type: 'application/pdf' };
    expect(validateBody(awardHonour, { ...base, attachments: [pdf] }, 'create').ok).toBe(true);
    const html = validateBody(awardHonour, { ...base, attachments: [{ ...pdf, content_type: 'text/html' }] }, 'create');
    expect(html.ok ? {} : html.fields.attachments).toMatch(/^Row 1, content_type: Must be a PDF, JPEG or PNG file of at most 10 MB/);
    const big = validateBody(awardHonour, { ...base, attachments: [{ ...pdf, size: 11 * 1024 * 1024 }] }, 'create');
    expect(big.ok).toBe(false);
    const eleven = validateBody(awardHonour, { ...base, attachments: Array.from({ length: 11 }, () => pdf) }, 'create');
    expect(eleven.ok ? {} : eleven.fields).toEqual({ attachments: 'At most 10 files' });
  });

  it('derives total experience from teaching and industrial experience, whatever the client sends', () => {
    const v = validateBody(
      profile,
      { first_name: 'Asha', last_name: 'Rao', teaching_experience: 6.5, industrial_experience: 3, total_experience: 1 },
      'create',
    );
    expect(v.ok && v.data.total_experience).toBe(9.5);
    const none = validateBody(profile, { first_name: 'Asha', last_name: 'Rao' }, 'create');
    expect(none.ok && 'total_experience' in none.data).toBe(false);
  });

  it('checks a PATCH as the record will be, given the stored one: dates in order and the total from what is kept', () => {
    const stored = { date_of_joining: '2012-07-02', teaching_experience: 13.5, industrial_experience: 2 };
    const early = validateBody(profile, { relieving_date: '2011-01-01' }, 'patch', stored);
    expect(early.ok ? {} : early.fields).toEqual({ relieving_date: 'Must not be before the date of joining' });
    const cleared = validateBody(profile, { industrial_experience: null }, 'patch', stored);
    expect(cleared.ok && cleared.data).toEqual({ industrial_experience: null, total_experience: 13.5 });
  });
});
