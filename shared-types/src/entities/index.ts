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

/**
 * Every entity served by the generic CRUD router (the profile has its own `/api/auth/profile` routes). Marked pure
 * (as `ENTITIES`), so a bundle that never reads the whole registry leaves it out: a Lambda carries its own domain's
 * definitions and `REFERENCE_INDEX` (docs/decisions/0035-lambda-bundles.md).
 */
export const CRUD_ENTITIES: readonly EntityDef[] = /* @__PURE__ */ (() => [
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
  curriculum,
  term,
  courseCurriculum,
  courseOutcome,
  topic,
  labExperiment,
  textReference,
  questionbank,
  occasion,
  attainmentMethod,
  student,
  ...FACULTY_RECORDS,
  stakeholder,
  surveyTemplate,
  survey,
  batchPerformance,
  firstYearAcademics,
  sarSection,
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
