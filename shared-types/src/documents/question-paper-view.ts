import type { QuestionPaper } from './question-paper.js';

/**
 * `GET|PUT /api/question-paper/{occasion}` (`{ data: <view> }`): an occasion's question paper (`questions` with
 * their maximum marks, CO and Bloom's level ids, rubric; `version` 0 before the first save), `total` = the sum of
 * the questions' maximum marks and `occasion_total` = the occasion's `total_marks` (a save needs them equal).
 */
export interface QuestionPaperView extends QuestionPaper {
  total: number;
  occasion_total: number;
}
