import { API_CONTRACTS, CRUD_ENTITIES } from '@attain/shared-types';
import { assessmentsDomain } from './assessments.js';
import { attainmentDomain } from './attainment.js';
import { authDomain } from './auth.js';
import { configurationDomain } from './configuration.js';
import { curriculumDomain } from './curriculum.js';
import { type DomainModule, domainProblems } from '../../platform/http/domain-module.js';
import { documentsDomain } from './documents.js';
import { facultyDomain } from './faculty.js';
import { groupDomain } from './group.js';
import { marksDomain } from './marks.js';
import { reportsDomain } from './reports.js';
import { sarDomain } from './sar.js';
import { sarFiguresDomain } from './sar-figures.js';
import { surveyDomain } from './survey.js';
import { surveyHostingDomain } from './survey-hosting.js';
import { surveyResultsDomain } from './survey-results.js';
import { utilitiesDomain } from './utilities.js';
import { studentDomain } from './student.js';

/**
 * Checks the modules against the whole registry and every route contract (`domainProblems` with `CRUD_ENTITIES` and
 * `API_CONTRACTS`): together they serve every CRUD entity and every declared route, each in its own domain.
 * @throws Error naming every problem, so the local server does not start with an entity unserved.
 */
export function checked(modules: readonly DomainModule[]): readonly DomainModule[] {
  const problems = modules.flatMap((m) => domainProblems(m, CRUD_ENTITIES, API_CONTRACTS));
  if (problems.length) throw new Error(`Domain modules are mis-wired:\n${problems.join('\n')}`);
  return modules;
}

/**
 * Every domain module. Only the local server and the tests import this list: a Lambda entry imports its own
 * domain's module, so its bundle carries only that domain's code and entity definitions (each module lists its own;
 * this list is checked against the whole registry, which no Lambda carries).
 */
export const ALL_DOMAINS: readonly DomainModule[] = checked([
  authDomain,
  configurationDomain,
  curriculumDomain,
  assessmentsDomain,
  attainmentDomain,
  marksDomain,
  facultyDomain,
  documentsDomain,
  surveyDomain,
  surveyHostingDomain,
  surveyResultsDomain,
  utilitiesDomain,
  reportsDomain,
  sarDomain,
  sarFiguresDomain,
  groupDomain,
  studentDomain,
]);
