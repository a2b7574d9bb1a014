import { type CampusScope, answerMySurveyRoute, mySurveyRoute, mySurveysRoute, student } from '@attain/shared-types';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { getRecord } from '../../platform/store/records.js';
import { type StudentRespondent, answerStudentSurvey, studentSurveyForm, studentSurveys } from '../survey/index.js';
import { answeringAccount, answerSlot, notOnRoster } from './student-account-store.js';

/**
 * The signed-in student and where their answer to `survey` is stored, from the account alone (never the request).
 * @throws HttpError 404 when the account is on no roster of the campus, or its roster entry was deleted
 */
async function respondent(scope: CampusScope, sub: string, survey = '') {
  const account = await answeringAccount(scope.campus, sub);
  if (!account) throw notOnRoster();
  const me: StudentRespondent = await getRecord(scope, student, account.student);
  return { me, who: { account: sub, slot: answerSlot(account, survey) } };
}

/**
 * The student's course-exit surveys (issue 43 item 4): `GET /api/me/surveys` lists the open ones of their courses,
 * `GET /api/me/surveys/{survey}` shows one to answer, `PUT` the same path stores their answers (a second answer replaces
 * the first until the survey closes). Students only; the survey must be one of their courses' (else 404).
 */
export const MY_SURVEY_ENDPOINTS: readonly Endpoint[] = [
  endpoint(mySurveysRoute, async (c) => {
    const { scope, caller } = c.var;
    const { me } = await respondent(scope, caller.sub);
    return { data: await studentSurveys(scope, me, caller.sub) };
  }),
  endpoint(mySurveyRoute, async (c, { params }) => {
    const { scope, caller } = c.var;
    const { me, who } = await respondent(scope, caller.sub, params.survey);
    return { data: await studentSurveyForm(scope, me, params.survey, who) };
  }),
  endpoint(answerMySurveyRoute, async (c, { params, body }) => {
    const { scope, caller } = c.var;
    const { me, who } = await respondent(scope, caller.sub, params.survey);
    const data = await answerStudentSurvey(scope, me, params.survey, who, body);
    return { message: data.replaced ? 'Your answers are changed: thank you' : 'Thank you: your answers are saved', data };
  }),
];
