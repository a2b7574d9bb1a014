/** The `survey-results` feature as other features see it: everything they may import from it. */

export { surveyDashboard } from './survey-views.js';
