import type { SurveyHostView, SurveyMailResult } from '@attain/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { qk } from '../../app/query-keys';
import { showPopup } from '../../app/state';
import { formatDate, formatNumber, useLocale } from '../../lib/format/locale';
import { surveyForText } from './choice-text';
import { InvitePanel, SurveyMailNote, postSurveyMail } from './invite-panel';
import { InviteesTable } from './invitees-table';
import { OfflineResultsForm } from './offline-results-form';
import { useChosenSurvey } from './survey-picker';
import { SurveyStatusTag } from './survey-status-tag';
import { useSurveyHost } from './api';
import { peopleText, percentText } from './survey-numbers';

/** A survey's facts: status, what it is for, year, dates, and how far answers have come. */
function HostFacts({ view }: { view: SurveyHostView }) {
  const locale = useLocale();
  const s = view.survey;
  const facts: [string, ReactNode][] = [
    ['Status', <SurveyStatusTag key="status" status={view.status} />],
    ['Survey for', surveyForText(s.survey_for)],
    ['Answered by', s.type],
    ['Academic year', s.academic_year],
    ['Dates', `${formatDate(s.start_date, locale)} to ${formatDate(s.end_date, locale)}`],
    ['Invited', formatNumber(view.invited, locale)],
    ...(s.survey_for === 'CO' ? [['Students of the course', formatNumber(view.population, locale)] as [string, ReactNode]] : []),
    [
      'Responded',
      view.responded_signed_in
        ? `${formatNumber(view.responded, locale)} (${formatNumber(view.responded_signed_in, locale)} signed in)`
        : formatNumber(view.responded, locale),
    ],
    ['Response rate', view.response_rate === null ? 'Nobody invited yet' : percentText(view.response_rate)],
  ];
  return (
    <dl className="record-card-fields survey-facts">
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
      {s.anonymous ? (
        <div className="wide">
          <dt>Answers</dt>
          <dd>Anonymous: only counts are shown; nobody, administrators included, can see who answered or what.</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * "Remind those who have not answered": asks first, then `POST /api/survey-host/{id}/remind`; the note after says how
 * many were mailed and who was left out.
 */
function RemindButton({ view, onDone }: { view: SurveyHostView; onDone: (r: SurveyMailResult) => void }) {
  const qc = useQueryClient();
  // From the counts: an anonymous survey lists no invitee (the server picks who is reminded).
  // Those who answered signed in were not invited by mail (`invited` leaves them out).
  const waiting = Math.max(0, view.invited - (view.responded - view.responded_signed_in));
  const remind = useMutation({
    mutationFn: () => postSurveyMail(view.survey.id, 'remind'),
    onSuccess: (res) => {
      onDone(res);
      showPopup('success', `Reminders mailed to ${peopleText(res.mailed)}`);
      void qc.invalidateQueries({ queryKey: qk.surveyViews() });
    },
  });
  const ask = () =>
    confirmDialog({
      header: 'Send reminders?',
      message: `Mail a reminder with their own link to the ${peopleText(waiting)} who have not answered?`,
      icon: 'pi pi-question-circle',
      acceptLabel: 'Send reminders',
      rejectLabel: 'Cancel',
      defaultFocus: 'reject',
      accept: () => remind.mutate(),
    });
  if (view.status !== 'Open') return null;
  return (
    <Button
      type="button"
      label="Remind those who have not answered"
      icon="pi pi-bell"
      outlined
      disabled={!waiting}
      loading={remind.isPending}
      onClick={ask}
    />
  );
}

/**
 * `/survey/host-survey?survey=<id>` (a survey picker when none is named): a survey's status, dates and response rate
 * (`GET /api/survey-host/{id}`, read again every few seconds while invitations are delivered), the Invite panel, the
 * invitees with their delivery and answer, reminders for those who have not answered, and the paper results.
 */
export function HostSurveyPage() {
  const { id, picker } = useChosenSurvey();
  const read = useSurveyHost(id);
  const view = read.data;
  const [reminded, setReminded] = useState<SurveyMailResult | null>(null);
  return (
    <section>
      <div className="page-head">
        <h2>{view ? `Host survey: ${view.survey.name}` : 'Host survey'}</h2>
        {view ? (
          <span className="page-tools">
            <Link className="p-button p-button-text p-button-sm" to={`/survey/survey-report?survey=${encodeURIComponent(view.survey.id)}`}>
              Survey report
            </Link>
          </span>
        ) : null}
      </div>
      {picker}
      {!id ? (
        <p className="hint">
          Choose a survey to invite people to it and follow their answers. Surveys are made under{' '}
          <Link to="/survey/create-survey">Surveys</Link>.
        </p>
      ) : null}
      {id && read.isError && !view ? (
        <p className="hint" role="alert">
          This survey could not be read.
        </p>
      ) : null}
      {view ? (
        <>
          <HostFacts view={view} />
          <InvitePanel key={view.survey.id} view={view} />
          <section className="survey-panel" aria-labelledby="invitees-head">
            <div className="page-head">
              <h3 id="invitees-head">Invitees</h3>
              <RemindButton view={view} onDone={setReminded} />
            </div>
            {reminded ? <SurveyMailNote result={reminded} what="Reminders" onDismiss={() => setReminded(null)} /> : null}
            {view.survey.anonymous ? (
              <p className="hint">
                This survey is anonymous, so its invitees are not listed: a list would show who has answered. Reminders go only to those who
                have not.
              </p>
            ) : (
              <InviteesTable invitees={view.invitees} />
            )}
          </section>
          <OfflineResultsForm key={`${view.survey.id}@${view.offline?.version ?? 0}`} view={view} />
        </>
      ) : null}
    </section>
  );
}
