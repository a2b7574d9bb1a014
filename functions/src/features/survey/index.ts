/** The `survey` feature as other features see it: everything they may import from it. */

export { type EvidenceByYear, courseSurveyEvidence, programSurveyEvidence } from './indirect-evidence.js';
export { responseRate, surveyHead } from './survey-host-view.js';
export { indirectLevel, indirectResult, surveyValidity } from './survey-math.js';
export { surveyStatus } from './survey-status.js';
export { type SurveyTally, outcomeEvidence, questionCounts, surveyPopulation, tallySurvey } from './survey-tally.js';
export { type StudentRespondent, answerStudentSurvey, studentSurveyForm, studentSurveys } from './survey-signed-in.js';
