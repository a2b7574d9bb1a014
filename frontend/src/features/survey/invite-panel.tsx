import {
  PERSONAL_LINK,
  STAKEHOLDER_GROUPS,
  type SurveyHostView,
  type SurveyInviteBody,
  type SurveyMailResult,
  inviteToSurveyRoute,
  remindSurveyRoute,
} from '@attain/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { call } from '../../app/api-client';
import { hrefWith } from '../../app/navigation';
import { qk } from '../../app/query-keys';
import { showPopup } from '../../app/state';
import { MailResultNote } from '../../components/mail-result-note/mail-result-note';
import { formatDate, formatNumber, useLocale } from '../../lib/format/locale';
import { invitationMessage, invitationSubject, messageHtml } from './invitation-text';
import { peopleText } from './survey-numbers';

/** Posts an invitation or reminder. @returns what the server did (its `data`) */
export async function postSurveyMail(id: string, what: 'invite' | 'remind', body: SurveyInviteBody = {}): Promise<SurveyMailResult> {
  const params = { survey: id };
  return (what === 'invite' ? await call(inviteToSurveyRoute, { params, body }) : await call(remindSurveyRoute, { params })).data;
}

/**
 * The note after an invitation or a reminder: how many people were mailed, the mail's receipts and who was left out
 * with why. It shows above the form (or the invitees) that sent the mail, so it scrolls itself into view.
 */
export function SurveyMailNote(props: { result: SurveyMailResult; what: 'Invitations' | 'Reminders'; onDismiss: () => void }) {
  const { result } = props;
  return (
    <MailResultNote
      result={result}
      mailed={`${props.what} mailed to ${peopleText(result.mailed)}.`}
      notMailed={`Not mailed to ${peopleText(result.skipped.length)}:`}
      scrollIntoView
      onDismiss={props.onDismiss}
    />
  );
}

/**
 * Invite (Host survey): whom to invite (the students of the survey's curriculum, with how many can still be invited;
 * stakeholder groups of the curriculum, with theirs), the mail's subject and message (pre-filled: a polite request
 * with `PERSONAL_LINK` where each person's own link goes). Invite posts `POST /api/survey-host/{id}/invite`; the note
 * after says how many were mailed, links to the mail's receipts and lists who was left out and why. The hosting view
 * is read again (and polled while the invitations are delivered).
 */
export function InvitePanel({ view }: { view: SurveyHostView }) {
  const s = view.survey;
  const locale = useLocale();
  const available = (g: string) => view.stakeholders_available[g] ?? 0;
  const [students, setStudents] = useState(s.type === 'Students' && view.students_available > 0);
  const [groups, setGroups] = useState<string[]>(s.type !== 'Students' && available(s.type) > 0 ? [s.type] : []);
  const [subject, setSubject] = useState(() => invitationSubject(s));
  const [message, setMessage] = useState(() => invitationMessage(s, locale));
  const [result, setResult] = useState<SurveyMailResult | null>(null);
  const qc = useQueryClient();
  const invite = useMutation({
    mutationFn: (body: SurveyInviteBody) => postSurveyMail(s.id, 'invite', body),
    onMutate: () => setResult(null),
    onSuccess: (res) => {
      setResult(res);
      showPopup('success', `Invitations mailed to ${peopleText(res.mailed)}`);
      void qc.invalidateQueries({ queryKey: qk.surveyViews() });
    },
  });
  const closed = view.status === 'Closed';
  // Only those who can still be invited (after an invitation, the view read again may have none left).
  const wantStudents = students && view.students_available > 0;
  const wantGroups = groups.filter((g) => available(g) > 0);
  const nothing = !wantStudents && !wantGroups.length;
  const toggle = (g: string, on: boolean) => setGroups((gs) => (on ? [...gs, g] : gs.filter((x) => x !== g)));
  const send = () =>
    invite.mutate({
      ...(wantStudents ? { students: true } : {}),
      ...(wantGroups.length ? { groups: wantGroups } : {}),
      subject: subject.trim(),
      message: messageHtml(message),
    });
  return (
    <section className="survey-panel" aria-labelledby="invite-head">
      <h3 id="invite-head">Invite</h3>
      {result ? <SurveyMailNote result={result} what="Invitations" onDismiss={() => setResult(null)} /> : null}
      {closed ? (
        <p className="hint">This survey is closed: nobody more can be invited.</p>
      ) : (
        <>
          {view.status === 'Scheduled' ? (
            <p className="hint">{`The survey opens on ${formatDate(s.start_date, locale)}; the links work from then.`}</p>
          ) : null}
          <fieldset className="mail-recipients">
            <legend>Whom to invite</legend>
            <label className="check-line">
              <input
                type="checkbox"
                checked={wantStudents}
                disabled={!view.students_available}
                onChange={(e) => setStudents(e.target.checked)}
              />
              <span>
                {`Students of the ${view.survey.survey_for === 'CO' ? 'course' : 'curriculum'} ` +
                  `(${formatNumber(view.students_available, locale)} not yet invited)`}
              </span>
            </label>
            {!view.students_available ? (
              <p className="hint">
                No student of this curriculum is left to invite with an e-mail address; the{' '}
                <Link to={hrefWith('/attainment/students', { curriculum: s.curriculum })}>roster</Link> holds their addresses.
              </p>
            ) : null}
            {STAKEHOLDER_GROUPS.map((g) => (
              <label key={g} className="check-line">
                <input
                  type="checkbox"
                  checked={wantGroups.includes(g)}
                  disabled={!available(g)}
                  onChange={(e) => toggle(g, e.target.checked)}
                />
                <span>{`${g} (${formatNumber(available(g), locale)} not yet invited)`}</span>
              </label>
            ))}
            <p className="hint">
              Stakeholders are kept under{' '}
              <Link to={hrefWith('/survey/manage-stakeholder', { curriculum: s.curriculum })}>Stakeholders</Link>.
            </p>
          </fieldset>
          <div className="form-grid">
            <div className="form-field wide">
              <label htmlFor="invite-subject">Subject</label>
              <InputText
                id="invite-subject"
                className="w-full"
                value={subject}
                maxLength={200}
                onChange={(e) => setSubject(e.target.value)}
              />
            </div>
            <div className="form-field wide">
              <label htmlFor="invite-message">Message</label>
              <InputTextarea
                id="invite-message"
                className="w-full"
                rows={9}
                autoResize
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                aria-describedby="invite-message-hint"
              />
              <small id="invite-message-hint">{`${PERSONAL_LINK} is replaced by each person's own link (added at the end when left out).`}</small>
            </div>
          </div>
          <div className="form-actions">
            <Button
              type="button"
              label="Invite"
              icon="pi pi-send"
              disabled={nothing || !subject.trim() || !message.trim()}
              loading={invite.isPending}
              onClick={send}
            />
          </div>
        </>
      )}
    </section>
  );
}
