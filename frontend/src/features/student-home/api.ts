import { type SurveyAnswerBody, answerMySurveyRoute, myResultsRoute, mySurveyRoute, mySurveysRoute } from '@attain/shared-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../app/api';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { type AnswerSent, failedAnswer } from '../../components/survey-answers/answer-sent';

/**
 * The signed-in student's own results (`GET /api/me/results?year=`): `year` undefined lets the server choose (the
 * course pages' rule over the years the student has marks in).
 */
export function useMyResults(year: string | undefined) {
  return useQuery({
    queryKey: qk.myResults(year ?? null),
    queryFn: async () => (await call(myResultsRoute, { query: year ? { year } : {} })).data,
  });
}

/** The open course-exit surveys of the student's courses, answered or not (`GET /api/me/surveys`). */
export function useMySurveys() {
  return useQuery({ queryKey: qk.mySurveys(), queryFn: async () => (await call(mySurveysRoute, {}, { quiet: true })).data });
}

/**
 * One survey for the student to answer (`GET /api/me/surveys/{survey}`). Not retried: a 404 (not theirs) or 410
 * (closed, not open yet) is the page's answer, shown in place (`quiet`: no popup).
 */
export function useMySurvey(id: string) {
  return useQuery({
    queryKey: qk.mySurvey(id),
    queryFn: async () => (await call(mySurveyRoute, { params: { survey: id } }, { quiet: true })).data,
    retry: false,
  });
}

/**
 * A sender of the student's answers to `id` (`PUT /api/me/surveys/{survey}`) as the answer form expects (`AnswerSent`):
 * a 400 per question, 409 (answered through a mailed link) as `used`, 410 as `closed`, 404 as `invalid`, no connection
 * as `unreachable`. On success their surveys and this survey are read again.
 */
export function useSendMyAnswers(id: string): (body: SurveyAnswerBody) => Promise<AnswerSent> {
  const queryClient = useQueryClient();
  return async (body) => {
    try {
      const res = await call(answerMySurveyRoute, { params: { survey: id }, body }, { quiet: true });
      void queryClient.invalidateQueries({ queryKey: qk.mySurveys() });
      return { kind: 'thanks', endText: res.data.end_text, message: res.message };
    } catch (e) {
      if (!(e instanceof ApiError) || e.status === 0) return { kind: 'unreachable' };
      return failedAnswer(e.status, { detail: e.detail, fields: e.fields, ...(e.status === 410 ? { reason: 'closed' as const } : {}) });
    }
  };
}
