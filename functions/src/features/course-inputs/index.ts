/** The `course-inputs` feature as other features see it: everything they may import from it. */

export { bandLevel, round2 } from './bands.js';
export { assertCourseYearOpen, assertProgramOpen, assertProgramYearOpen } from './frozen-year-gate.js';
export { FROZEN_INPUTS, assertRostersOpen, withFrozenGate } from './frozen-inputs.js';
export { frozenYearView, getFrozenYear, listFrozenYears, putFrozenYear, unfreezeYear } from './frozen-years-store.js';
export { type MethodInUse, methodFor } from './method-store.js';
export { type ResultsJob, resultsQueueRuns, scheduleResults } from './results-queue.js';
export { PROGRAM_STAMP_SK, SURVEYS_SK, resultsPk, setStamp, stampSk } from './store.js';
export { courseInputsChanged, markCourseChanged, surveyEvidenceChanged, writeCourseInput } from './write-course-input.js';
