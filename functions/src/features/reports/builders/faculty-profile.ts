import {
  type CampusScope,
  type Caller,
  COLLEAGUE_RECORDS_WITHHELD,
  type EntityDef,
  type EntityRecord,
  FACULTY_RECORDS,
  FACULTY_RECORD_TITLES,
  type ReportCell,
  type ReportTable,
  type ReportView,
  dataViewer,
  department,
  fieldAccess,
  fieldText,
  personalView,
  listTable,
  profile,
  refLabel,
  textOf,
  may,
} from '@attain/shared-types';
import { cvInput } from '../../faculty/index.js';
import { recordWhen } from '../../faculty/index.js';
import { HttpError } from '../../../platform/lib/errors.js';
import { findRecord, getRecord } from '../../../platform/store/records.js';
import { countFigure, input } from '../report-figures.js';
import type { ReportQuery } from '../report-query.js';
import { column, reportTable, reportView } from '../report-shape.js';

const notFound = () => new HttpError(404, 'Faculty member not found');

/**
 * Reads the picked member's profile (any member of the campus, for every signed-in reader) as the caller may read it
 * (`personalView`, decision 0004): the member and the campus's admins every field, a colleague or a group
 * administrator the directory fields. With a department picked, the member must belong to it.
 * @throws HttpError 404 `Faculty member not found` for an id that is no member of the campus (or not of the department)
 */
async function visibleMember(scope: CampusScope, query: ReportQuery, caller: Caller): Promise<EntityRecord> {
  const id = query.user ?? '';
  const [member, dept] = await Promise.all([
    findRecord(scope, profile, id),
    query.department ? getRecord(scope, department, query.department) : undefined,
  ]);
  if (!member || (dept && member.department !== dept.id)) throw notFound();
  return personalView(profile, member, dataViewer(caller, scope));
}

/**
 * `faculty-profile`: one member's whole profile: a table per section of the profile's fields (`Personal details`,
 * `Professional details`, `Qualification details`; every field labelled as the form labels it, choices in words,
 * dates as the campus writes them, references by name), a table per list (qualifications, posts held, Ph.D), and a
 * count of their Faculty Contribution records per type (read as the CV reads them, `cvInput`). The `user` picker is
 * required; which fields: `visibleMember`. A faculty member reading a colleague gets the counts table empty with a
 * note: a colleague's records (their titles are in each count's trace) are for the campus's administrators, as the
 * record lists keep them.
 */
export async function facultyProfile(scope: CampusScope, query: ReportQuery, caller: Caller): Promise<ReportView> {
  const member = await visibleMember(scope, query, caller);
  const cv = await cvInput(scope, member, typeof member.email === 'string' ? member.email : '', new Date());
  const value = (fd: (typeof profile.fields)[number]): string => {
    const v = member[fd.name];
    if (fd.kind === 'ref') return typeof v === 'string' ? (cv.refText(fd, v) ?? '') : '';
    return fieldText(fd, v, cv.locale);
  };
  // Only the fields the reader may read are listed (a colleague's private fields are left out, not shown empty).
  const viewer = dataViewer(caller, scope);
  const shown = profile.fields.filter((fd) => fieldAccess(profile, fd, member.id, viewer) !== 'none');
  const sections = [...new Set(shown.map((fd) => fd.section ?? 'Other details'))];
  const fieldTables: ReportTable[] = sections.map((s, i) =>
    reportTable(
      `profile-${i + 1}`,
      s,
      [column('field', 'Field'), column('value', 'Value')],
      shown
        .filter((fd) => (fd.section ?? 'Other details') === s && fd.kind !== 'list')
        .map((fd) => ({ field: fd.label, value: value(fd) })),
    ),
  );
  const listTables: ReportTable[] = shown
    .filter((fd) => fd.kind === 'list')
    .map((fd) => {
      const t = listTable(fd, member[fd.name], cv.locale, fieldText);
      const header = t?.header ?? (fd.items ?? []).map((x) => x.label);
      return reportTable(
        fd.name,
        fd.label,
        header.map((h, i) => column(`c${i}`, h)),
        (t?.rows ?? []).map((r) => Object.fromEntries(r.map((cell, i) => [`c${i}`, cell as ReportCell]))),
        { notes: t ? [] : ['None recorded'] },
      );
    });
  const byType = new Map(cv.groups.map((g) => [g.def.name, g.records]));
  const colleague = !may(caller, 'read-every-member') && member.id !== caller.sub;
  const counts = reportTable(
    'contributions',
    'Faculty Contribution records',
    [column('type', 'Record type'), column('count', 'Records', 'records')],
    (colleague ? [] : FACULTY_RECORDS).map((def) => {
      const records = byType.get(def.name) ?? [];
      const generic: EntityDef = def;
      const shown = generic.display ?? generic.fields[0].name;
      return {
        type: FACULTY_RECORD_TITLES[def.name],
        count: countFigure(
          `${FACULTY_RECORD_TITLES[def.name]} records`,
          `the member's ${FACULTY_RECORD_TITLES[def.name].toLowerCase()} records`,
          records.map((r) => input(refLabel(generic, r, shown), recordWhen(def, r))),
        ),
      };
    }),
    { notes: colleague ? [COLLEAGUE_RECORDS_WITHHELD] : [] },
  );
  const name = [member.title, member.first_name, member.last_name].filter(Boolean).join(' ');
  return reportView(
    'faculty-profile',
    [`Faculty member: ${name || textOf(member.email) || member.id}`],
    [{ id: 'profile', title: name || 'Profile', tables: [...fieldTables, ...listTables, counts] }],
    '',
  );
}
