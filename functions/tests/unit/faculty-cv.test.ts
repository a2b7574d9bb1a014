import {
  type EntityRecord,
  FACULTY_RECORDS,
  FACULTY_RECORD_TITLES,
  awardHonour,
  bookChapter,
  facultyWorkload,
  researchPublication,
} from '@attain/shared-types';
import { describe, expect, it } from 'vitest';
import { cvFileName } from '../../src/features/faculty/cv/cv-file-name.js';
import { attachment } from '../../src/platform/lib/file-objects.js';
import { buildCv } from '../../src/features/faculty/cv/cv-model.js';
import { dateFieldOf, groupNewestFirst, recordWhen } from '../../src/features/faculty/cv/record-order.js';
import { winAnsi } from '../../src/features/faculty/cv/win-ansi.js';

/** A stored record with its system fields, entered at `created` (ISO). */
const rec = (id: string, created: string, fields: Record<string, unknown>): EntityRecord => ({
  id,
  version: 1,
  created_by: 'teacher@attain.example',
  created_at: created,
  updated_by: 'teacher@attain.example',
  updated_at: created,
  faculty: 'member-1',
  ...fields,
});

describe('the CV groups records by type, newest first', () => {
  it('dates each type by its year or date field, else by when a record was entered', () => {
    expect(Object.fromEntries(FACULTY_RECORDS.map((d) => [d.name, dateFieldOf(d)]))).toEqual({
      'faculty-workload': 'academic_year',
      'research-publication': 'publication_year',
      'consulting-testing-project': 'commencement_year',
      'sponsored-project': 'year_of_sanction',
      'award-honour': 'year',
      'patent-innovation': 'year',
      'book-publish': 'publish_year',
      'book-chapter': undefined,
      fellowship: 'date_from',
      'workshop-organized': 'start_data',
      'workshop-attended': 'start_data',
      'professional-body': 'start_date',
      'research-project': 'sactioned_date',
    });
    expect(recordWhen(bookChapter, rec('c', '2026-02-01T00:00:00Z', {}))).toBe('2026-02-01T00:00:00Z');
  });

  it('keeps the side menu order of types, leaves out empty ones, and orders each newest first', () => {
    const groups = groupNewestFirst({
      [researchPublication.name]: [
        rec('p2019', '2026-01-03T00:00:00Z', { publication_year: 2019 }),
        rec('p-undated', '2026-01-02T00:00:00Z', {}),
        rec('p2024', '2026-01-01T00:00:00Z', { publication_year: 2024 }),
      ],
      [facultyWorkload.name]: [
        rec('w2024', '2026-01-01T00:00:00Z', { academic_year: '2024-25' }),
        rec('w2025', '2026-01-01T00:00:00Z', { academic_year: '2025-26' }),
      ],
      [awardHonour.name]: [],
      [bookChapter.name]: [rec('c-old', '2025-05-01T00:00:00Z', {}), rec('c-new', '2026-05-01T00:00:00Z', {})],
      'not-a-faculty-record': [rec('x', '2026-01-01T00:00:00Z', {})],
    });
    expect(groups.map((g) => [g.title, g.records.map((r) => r.id)])).toEqual([
      [FACULTY_RECORD_TITLES['faculty-workload'], ['w2025', 'w2024']],
      // A publication without a year counts from when it was entered (here 2026: it is not published yet).
      [FACULTY_RECORD_TITLES['research-publication'], ['p-undated', 'p2024', 'p2019']],
      [FACULTY_RECORD_TITLES['book-chapter'], ['c-new', 'c-old']],
    ]);
  });

  it('breaks ties by when the records were entered, later first', () => {
    const groups = groupNewestFirst({
      [awardHonour.name]: [rec('a1', '2026-01-01T00:00:00Z', { year: 2020 }), rec('a2', '2026-03-01T00:00:00Z', { year: 2020 })],
    });
    expect(groups[0].records.map((r) => r.id)).toEqual(['a2', 'a1']);
  });
});

describe('the CV document', () => {
  const cv = buildCv({
    member: {
      id: 'member-1',
      title: 'Dr.',
      first_name: 'Asha',
      last_name: 'Rao',
      email: 'asha@campus.example',
      phone_number: '+91 98450 12345',
      department: 'dept-1',
      date_of_birth: '1985-03-14',
      aadhar_number: '1234 5678 9012',
      other_detail: '',
      qualification_detail: [
        { degree: 'PhD', university: 'IISc', year_of_passing: 2018 },
        { degree: 'M.Tech', university: 'NIT Trichy' },
      ],
    },
    email: 'asha@campus.example',
    organizationName: 'Demo Institute of Technology',
    locale: 'en-IN',
    groups: groupNewestFirst({
      [researchPublication.name]: [
        rec('p1', '2026-01-01T00:00:00Z', {
          paper_title: 'Outcome-based assessment at scale',
          type: 'Journal',
          journal_title: 'IEEE Transactions on Education',
          status: 'Published',
          level_status: 'International',
          authors: 'A. Rao, V. Kumar',
          publication_year: 2024,
          volume_no: '67',
          issue_no: '2',
          page_no: '101-112',
          direct_object_identifier: '10.1109/TE.2024.123456',
          abstract: 'Not in a citation.',
        }),
      ],
      [facultyWorkload.name]: [
        rec('w1', '2026-01-01T00:00:00Z', {
          academic_year: '2025-26',
          department: 'dept-1',
          type_of_work: 'Theory teaching',
          workload_hr: 120,
        }),
      ],
    }),
    refText: (fd, id) => (fd.ref === 'department' && id === 'dept-1' ? 'Computer Science and Engineering' : undefined),
    now: new Date('2026-11-21T10:00:00Z'),
  });

  it('heads with the name, affiliation and contact, and lists the other filled profile fields in words', () => {
    expect(cv.name).toBe('Dr. Asha Rao');
    expect(cv.affiliation).toEqual(['Computer Science and Engineering', 'Demo Institute of Technology']);
    expect(cv.contact).toEqual(['asha@campus.example', '+91 98450 12345']);
    // Empty fields are left out, and so is the Aadhaar number; dates as the campus writes them.
    expect(cv.profile.map((f) => [f.label, f.text])).toEqual([
      ['Date of birth', '14/03/1985'],
      ['Qualifications', 'Degree: PhD, University: IISc, Year of passing: 2018; Degree: M.Tech, University: NIT Trichy'],
    ]);
    // A list value is a table: its items' fields as columns.
    expect(cv.profile[1].table).toEqual({
      header: ['Degree', 'University', 'Year of passing'],
      rows: [
        ['PhD', 'IISc', '2018'],
        ['M.Tech', 'NIT Trichy', ''],
      ],
    });
    expect(cv.footer).toBe('Generated by Attain on 21/11/2026');
  });

  it('cites a publication (authors, title, journal, volume(issue), pages, year, DOI) and tables the other records', () => {
    const [workload, publications] = cv.sections;
    expect(publications.title).toBe('Research publication');
    expect(publications.entries[0]).toEqual({
      heading:
        'A. Rao, V. Kumar, "Outcome-based assessment at scale", IEEE Transactions on Education, 67(2), pp. 101-112, 2024. DOI 10.1109/TE.2024.123456',
      citation: true,
      fields: [
        { label: 'Type', text: 'Journal' },
        { label: 'Level', text: 'International' },
      ],
    });
    expect(workload.entries[0]).toEqual({
      heading: 'Academic year 2025-26',
      citation: false,
      fields: [
        { label: 'Department', text: 'Computer Science and Engineering' },
        { label: 'Type of work', text: 'Theory teaching' },
        { label: 'Workload (hours)', text: '120' },
      ],
    });
  });

  it('names a member without a profile by their e-mail', () => {
    const bare = buildCv({
      member: { id: 'm' },
      email: 'new@campus.example',
      organizationName: '',
      locale: 'en-US',
      groups: [],
      refText: () => undefined,
      now: new Date('2026-11-21T10:00:00Z'),
    });
    expect(bare).toMatchObject({
      name: 'new@campus.example',
      affiliation: [],
      profile: [],
      sections: [],
      footer: 'Generated by Attain on 11/21/2026',
    });
  });
});

describe('CV files', () => {
  it('are named <First>-<Last>-CV.<ext>, safely for a header', () => {
    expect(cvFileName('Asha', 'Rao', 'docx')).toBe('Asha-Rao-CV.docx');
    expect(cvFileName('Mary Ann', "O'Neil", 'pdf')).toBe("Mary-Ann-O'Neil-CV.pdf");
    expect(cvFileName('A"b/c', undefined, 'pdf')).toBe('A-b-c-CV.pdf');
    expect(cvFileName(undefined, undefined, 'docx')).toBe('CV.docx');
    expect(attachment('Asha-Rao-CV.docx')).toBe('attachment; filename=Asha-Rao-CV.docx');
    expect(attachment('Zoë-Rao-CV.pdf')).toBe(`attachment; filename=Zoe-Rao-CV.pdf; filename*=UTF-8''Zo%C3%AB-Rao-CV.pdf`);
    expect(attachment('आशा-CV.pdf')).toBe(`attachment; filename=___-CV.pdf; filename*=UTF-8''${encodeURIComponent('आशा')}-CV.pdf`);
    expect(attachment('Report "final".pdf')).toBe(`attachment; filename="Report _final_.pdf"; filename*=UTF-8''Report%20%22final%22.pdf`);
  });

  it("write the PDF's text in what its standard fonts can show", () => {
    expect(winAnsi('Rs. ₹ 5,000 – “quoted” café')).toBe('Rs. Rs. 5,000 – “quoted” café');
    expect(winAnsi('Łódź Ős आशा')).toBe('?ódz Os ???');
  });
});
