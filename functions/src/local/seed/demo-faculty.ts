import {
  type CampusScope,
  type Caller,
  type EntityDef,
  OWNER_FIELD,
  awardHonour,
  campusScope,
  department,
  facultyWorkload,
  profile,
  professionalBody,
  program,
  programType,
  researchPublication,
  sponsoredProject,
  validateBody,
  workshopAttended,
} from '@attain/shared-types';
import { ensureCampusUser } from '../../features/identity/campus-users.js';
import { listAll } from '../../platform/store/list-all.js';
import { createRecord, findRecord, patchRecord } from '../../platform/store/records.js';
import { DEMO_TENANT } from './demo-campus.js';

/** The sample faculty members' sign-in addresses (printed by `npm start` with their password). */
export const SAMPLE_FACULTY_EMAILS = [
  'priya.sample@attain.example',
  'arjun.sample@attain.example',
  'lakshmi.sample@attain.example',
] as const;

/** Said on every sample profile and record, so nobody takes them for a real person's. */
const SAMPLE = 'Sample data of the demo campus (not a real person).';

/**
 * Publications of the sample members: real, published engineering-education papers (titles, journals, volumes,
 * pages and DOIs as published), filed under sample members only to show how records look.
 */
const PAPERS = [
  {
    paper_title: 'Designing and Teaching Courses to Satisfy the ABET Engineering Criteria',
    authors: 'R. M. Felder, R. Brent',
    journal_title: 'Journal of Engineering Education',
    volume_no: '92',
    issue_no: '1',
    page_no: '7-25',
    publication_year: 2003,
    direct_object_identifier: '10.1002/j.2168-9830.2003.tb00734.x',
  },
  {
    paper_title: 'Does Active Learning Work? A Review of the Research',
    authors: 'M. Prince',
    journal_title: 'Journal of Engineering Education',
    volume_no: '93',
    issue_no: '3',
    page_no: '223-231',
    publication_year: 2004,
    direct_object_identifier: '10.1002/j.2168-9830.2004.tb00809.x',
  },
  {
    paper_title: 'Active learning increases student performance in science, engineering, and mathematics',
    authors: 'S. Freeman, S. L. Eddy, M. McDonough, M. K. Smith, N. Okoroafor, H. Jordt, M. P. Wenderoth',
    journal_title: 'Proceedings of the National Academy of Sciences',
    volume_no: '111',
    issue_no: '23',
    page_no: '8410-8415',
    publication_year: 2014,
    direct_object_identifier: '10.1073/pnas.1319030111',
  },
];

interface SampleMember {
  first_name: string;
  last_name: string;
  title: string;
  profile: Record<string, unknown>;
  records: [EntityDef, Record<string, unknown>][];
}

/** Validates like the API does (so sample data never holds what a person could not enter) and stores as `member`. */
async function add(scope: CampusScope, owner: string, def: EntityDef, body: Record<string, unknown>): Promise<void> {
  const v = validateBody(def, body, 'create');
  if (!v.ok) throw new Error(`Sample ${def.name} refused: ${JSON.stringify(v.fields)}`);
  await createRecord(scope, def, { ...v.data, [OWNER_FIELD]: owner });
}

/**
 * Seeds three sample faculty members of the demo campus, once: Cognito users with `password`, filled
 * profiles (designations, experience, qualifications) and records of several kinds (workload, publications, a
 * sponsored project, an award, a workshop attended, professional bodies), each created by its member and marked as
 * sample data.
 * @returns the members' sign-in addresses
 */
export async function seedDemoFaculty(admin: Caller, password: string): Promise<readonly string[]> {
  const adminScope = campusScope(admin);
  const cse = (await listAll(adminScope, department)).find((d) => d.short_name === 'CSE');
  const ug = (await listAll(adminScope, programType)).find((t) => t.name === 'Undergraduate');
  const btech = (await listAll(adminScope, program))[0];
  const workload = (year: string, type_of_work: string, workload_percent: number, workload_hr: number) => ({
    department: cse?.id,
    program_type: ug?.id,
    program: btech?.id,
    program_category: 'Undergraduate',
    workload_distribution: '1 - Semester',
    academic_year: year,
    type_of_work,
    workload_percent,
    workload_hr,
  });
  const paper = (i: number, level_status: string) => ({
    ...PAPERS[i],
    type: 'Journal',
    status: 'Published',
    level_status,
    index_terms: SAMPLE,
  });
  const members: SampleMember[] = [
    {
      first_name: 'Priya',
      last_name: 'Sample',
      title: 'Dr.',
      profile: {
        designation: ['Professor', 'HOD'],
        facility_type: 'Teaching',
        faculty_serving: 'Permanent',
        date_of_joining: '2009-07-01',
        teaching_experience: 17,
        industrial_experience: 2,
        highest_qualification: 'Phd',
        specialization: 'Computer Networks',
        research_interest: 'Outcome-based assessment in engineering education; network protocols',
        qualification_detail: [
          { degree: 'B.E. Computer Science and Engineering', university: 'Anna University', year_of_passing: 2004 },
          { degree: 'M.E. Computer Science and Engineering', university: 'Anna University', year_of_passing: 2006 },
        ],
        phd_detail: [{ status: 'Awarded', university: 'Anna University', year_of_award: 2014 }],
      },
      records: [
        [facultyWorkload, workload('2025-26', 'Theory teaching', 60, 12)],
        [facultyWorkload, workload('2025-26', 'Project Mentoring', 20, 4)],
        [researchPublication, paper(0, 'International')],
        [researchPublication, paper(1, 'International')],
        [
          sponsoredProject,
          {
            project_title: 'Sample: virtual laboratory for computer networks',
            year_of_sanction: 2023,
            principal_investigator: 'Dr. Priya Sample',
            status: 'On Going',
            duration: 24,
            amount: 1500000,
            spomsoring_organization: 'AICTE (sample)',
            description: SAMPLE,
          },
        ],
        [
          professionalBody,
          { organization_name: 'ISTE', membership_type: 'LifeTime', membership_no: 'SAMPLE-0001', start_date: '2010-03-15' },
        ],
      ],
    },
    {
      first_name: 'Arjun',
      last_name: 'Sample',
      title: 'Mr.',
      profile: {
        designation: ['Assistant Professor'],
        facility_type: 'Teaching',
        faculty_serving: 'Permanent',
        date_of_joining: '2018-06-18',
        teaching_experience: 7,
        industrial_experience: 3.5,
        highest_qualification: 'MTech',
        specialization: 'Data Science',
        professional_detail: [
          { organization: 'A software company (sample)', designation: 'Software Engineer', experience_type: 'Industry' },
        ],
        qualification_detail: [{ degree: 'M.Tech Computer Science', university: 'VTU', year_of_passing: 2015 }],
        phd_detail: [{ status: 'Pursuing', university: 'VTU', year_of_registration: 2022 }],
      },
      records: [
        [facultyWorkload, workload('2025-26', 'Laboratory work', 50, 10)],
        [researchPublication, paper(2, 'International')],
        [
          workshopAttended,
          {
            title: 'Sample: faculty development programme on outcome-based education',
            type: 'Training & Workshop',
            select_level: 'National',
            your_role: 'Participants',
            invited: 'Deputed',
            start_data: '2025-06-09',
            end_data: '2025-06-13',
          },
        ],
      ],
    },
    {
      first_name: 'Lakshmi',
      last_name: 'Sample',
      title: 'Ms.',
      profile: {
        designation: ['Associate professor'],
        facility_type: 'Teaching',
        faculty_serving: 'Permanent',
        date_of_joining: '2013-01-02',
        teaching_experience: 12,
        highest_qualification: 'Phd',
        specialization: 'Compilers',
        qualification_detail: [{ degree: 'M.Tech Computer Science and Engineering', university: 'JNTU Hyderabad', year_of_passing: 2011 }],
        phd_detail: [{ status: 'Thesis submitted', university: 'JNTU Hyderabad', year_of_registration: 2019 }],
      },
      records: [
        [facultyWorkload, workload('2025-26', 'Theory teaching', 70, 14)],
        [
          awardHonour,
          { name: 'Best Teacher Award (sample)', award_for: 'Teaching of Compiler Design', year: 2024, detail_about_award: SAMPLE },
        ],
        [professionalBody, { organization_name: 'CSI', membership_type: 'Annual', membership_no: 'SAMPLE-0002', start_date: '2024-04-01' }],
      ],
    },
  ];
  for (const [i, m] of members.entries()) {
    const email = SAMPLE_FACULTY_EMAILS[i];
    const sub = await ensureCampusUser({
      tenant: DEMO_TENANT,
      email,
      password,
      role: 'faculty',
      first_name: m.first_name,
      last_name: m.last_name,
      createdBy: admin.user,
    });
    const scope = campusScope({ tenant: DEMO_TENANT, role: 'faculty', user: email, sub });
    const saved = await findRecord(scope, profile, sub);
    // Once: a member whose profile already says it is sample data was seeded before.
    if (saved?.other_detail === SAMPLE) continue;
    const p = validateBody(
      profile,
      { ...m.profile, title: m.title, first_name: m.first_name, last_name: m.last_name, department: cse?.id, other_detail: SAMPLE },
      'patch',
      saved ?? {},
    );
    if (!p.ok) throw new Error(`Sample profile refused: ${JSON.stringify(p.fields)}`);
    await patchRecord(scope, profile, sub, p.data);
    for (const [def, body] of m.records) await add(scope, sub, def, body);
  }
  return SAMPLE_FACULTY_EMAILS;
}
