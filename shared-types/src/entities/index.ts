import type { EntityDef } from '../registry/entity.js';
import { attainmentMethod } from './attainment-method.js';
import { bloomDomain } from './bloom-domain.js';
import { bloomLevel } from './bloom-level.js';
import { courseCurriculum } from './course-curriculum.js';
import { courseOutcome } from './course-outcome.js';
import { courseType } from './course-type.js';
import { curriculum } from './curriculum.js';
import { deliveryMethod } from './delivery-method.js';
import { department } from './department.js';
import { genericProgramOutcome } from './generic-program-outcome.js';
import { labCategory } from './lab-category.js';
import { labExperiment } from './lab-experiment.js';
import { mapLevelWeightage } from './map-level-weightage.js';
import { occasion, occasionYear } from './occasion.js';
import { organization } from './organization.js';
import { profile } from './profile.js';
import { program } from './program.js';
import { programMode } from './program-mode.js';
import { programOutcomeType } from './program-outcome-type.js';
import { programType } from './program-type.js';
import { questionbank } from './questionbank.js';
import { student } from './student.js';
import { term } from './term.js';
import { topic } from './topic.js';
import { textReference } from './text-reference.js';
import { FACULTY_RECORDS } from './faculty/index.js';
import { stakeholder } from '../survey/stakeholder.js';
import { surveyTemplate } from '../survey/survey-template.js';
import { survey } from '../survey/survey.js';
import { batchPerformance, firstYearAcademics, sarSection } from '../sar/sar-data.js';

export * from './choices.js';
export { BOOK_KINDS } from './text-reference.js';
export { pickBloomLevel } from './bloom-inference.js';
export * from './faculty/index.js';
export {
  attainmentMethod,
  bloomDomain,
  bloomLevel,
  courseCurriculum,
  courseOutcome,
  courseType,
  curriculum,
  deliveryMethod,
  department,
  genericProgramOutcome,
  labCategory,
  labExperiment,
  mapLevelWeightage,
  occasion,
  occasionYear,
  organization,
  profile,
  program,
  programMode,
  programOutcomeType,
  programType,
  questionbank,
  student,
  term,
  textReference,
  topic,
};

/*
 * The record types of each domain (each domain is one Lambda, which imports its own list only; docs/adding-a-record-type.md).
 * A record type is added by its file and one line in its domain's list; its `domain` names the same list (the domain
 * modules' wiring test checks both).
 */

/** The configuration's record types: the campus, departments, programs and their outcomes, and the choice lists. */
export const CONFIGURATION_ENTITIES: readonly EntityDef[] = [
  organization,
  department,
  programType,
  programMode,
  program,
  programOutcomeType,
  genericProgramOutcome,
  courseType,
  deliveryMethod,
  labCategory,
  bloomDomain,
  bloomLevel,
  mapLevelWeightage,
];
/** The curriculum's record types: curricula, terms, courses, course outcomes, topics, lab experiments, text books. */
export const CURRICULUM_ENTITIES: readonly EntityDef[] = [
  curriculum,
  term,
  courseCurriculum,
  courseOutcome,
  topic,
  labExperiment,
  textReference,
];
/** The assessments' record types: question banks and assessment occasions. */
export const ASSESSMENT_ENTITIES: readonly EntityDef[] = [questionbank, occasion];
/** Attainment's record types: the programs' methods and the students on the rosters. */
export const ATTAINMENT_ENTITIES: readonly EntityDef[] = [attainmentMethod, student];
/** The surveys' record types: stakeholders, templates and surveys. */
export const SURVEY_ENTITIES: readonly EntityDef[] = [stakeholder, surveyTemplate, survey];
/** The SAR's figures a program keeps: its batches and its first year's figures. */
export const SAR_FIGURE_ENTITIES: readonly EntityDef[] = [batchPerformance, firstYearAcademics];
/** The SAR sections the program team writes. */
export const SAR_ENTITIES: readonly EntityDef[] = [sarSection];

/**
 * Every entity served by the generic CRUD router (the profile has its own `/api/auth/profile` routes): each domain's
 * list, and the Faculty Contribution records (`FACULTY_RECORDS`). Marked pure (as `ENTITIES`), so a bundle that never
 * reads the whole registry leaves it out: a Lambda carries its own domain's definitions and `REFERENCE_INDEX`
 * (docs/decisions/0035-lambda-bundles.md).
 */
export const CRUD_ENTITIES: readonly EntityDef[] = /* @__PURE__ */ (() => [
  ...CONFIGURATION_ENTITIES,
  ...CURRICULUM_ENTITIES,
  ...ASSESSMENT_ENTITIES,
  ...ATTAINMENT_ENTITIES,
  ...FACULTY_RECORDS,
  ...SURVEY_ENTITIES,
  ...SAR_FIGURE_ENTITIES,
  ...SAR_ENTITIES,
])();

/** All registry entities, by name. */
export const ENTITIES: Readonly<Record<string, EntityDef>> = /* @__PURE__ */ (() =>
  Object.fromEntries([...CRUD_ENTITIES, profile].map((e) => [e.name, e])))();

/** Looks an entity up by registry name; throws when the name is unknown (a programming error). */
export function entity(name: string): EntityDef {
  const e = ENTITIES[name];
  if (!e) throw new Error(`Unknown entity ${name}`);
  return e;
}

/** A field of another entity that refers to records of `target` (what a delete of `target` must check). */
export interface Referrer {
  entity: EntityDef;
  field: string;
  /** The referring records are deleted along with the target instead of blocking its delete. */
  cascade: boolean;
}

/**
 * Every field, across the registry, that stores the id of a `target` record. Derived copies (`derivedFrom`) are
 * left out: the record they were copied through is itself a referrer.
 */
export function referrersOf(target: EntityDef): Referrer[] {
  return CRUD_ENTITIES.flatMap((e) =>
    e.fields
      .filter((fd) => fd.kind === 'ref' && fd.ref === target.name && !fd.derivedFrom)
      .map((fd) => ({ entity: e, field: fd.name, cascade: Boolean(fd.cascade) })),
  );
}
