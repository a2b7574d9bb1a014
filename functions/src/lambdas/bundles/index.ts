import { assessmentsDomain } from './assessments.js';
import { attainmentDomain } from './attainment.js';
import { authDomain } from './auth.js';
import { configurationDomain } from './configuration.js';
import { curriculumDomain } from './curriculum.js';
import type { DomainModule } from '../../platform/http/domain-module.js';
import { documentsDomain } from './documents.js';
import { facultyDomain } from './faculty.js';
import { groupDomain } from './group.js';
import { reportsDomain } from './reports.js';
import { surveyDomain } from './survey.js';
import { utilitiesDomain } from './utilities.js';

/**
 * Every domain module. Only the local server and the tests import this list: a Lambda entry imports its own
 * domain's module, so its bundle carries only that domain's code.
 */
export const ALL_DOMAINS: readonly DomainModule[] = [
  authDomain,
  configurationDomain,
  curriculumDomain,
  assessmentsDomain,
  attainmentDomain,
  facultyDomain,
  documentsDomain,
  surveyDomain,
  utilitiesDomain,
  reportsDomain,
  groupDomain,
];
