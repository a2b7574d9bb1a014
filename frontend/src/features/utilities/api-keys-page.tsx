import {
  API_KEY_MAX_DAYS,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  API_KEY_TOKEN_MINUTES,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyScope,
  type CampusLocale,
  ROSTER_PATH,
  apiKeyCreateSchema,
  todayInIndia,
} from '@attain/shared-types';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../app/api';
import { showPopup } from '../../app/state';
import { enterNeverSubmits } from '../../components/entity/entity-form';
import { DateInput, datePattern } from '../../components/form/date-input';
import { FormDialog } from '../../components/form/form-dialog';
import { ResponsiveTable } from '../../components/table/responsive-table';
import { formatDate, formatDateTime, useLocale } from '../../lib/format/locale';
import { type NewApiKey, useApiKeyWrites, useApiKeys } from './api-keys-api';
import { FormRefusal } from '../../components/form/form-refusal';

/** How long a new key lives unless the admin says otherwise (days). */
const DEFAULT_DAYS = 90;

/** The ISO day `days` after the ISO day `day`. */
const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Each status in words, with a tag dark enough on its tint to read (WCAG AA); never the colour alone. */
const STATUS: Readonly<Record<ApiKey['status'], string>> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };

/** The words of a key's scopes, one a line. */
const scopeWords = (scopes: readonly ApiKeyScope[]): string => scopes.map((s) => API_KEY_SCOPE_LABELS[s] ?? s).join('; ');

/**
 * `/utilities/api-keys` (campus administrators; issue 44 item 4, decision 0062): the campus's API keys for machine
 * clients (an ERP, a script), newest first (`GET /api/auth/api-keys`): what each may do, its last day, whether it is
 * active, expired or revoked, and who made it when. "Create API key" asks for a name, the scopes and the last day
 * (`POST /api/auth/api-keys`), then shows the client id, the secret (this once), the token URL and scope with an
 * example of a script using them; Revoke (after a question) stops a key within 30 s (`DELETE /api/auth/api-keys/{id}`).
 */
export function ApiKeysPage() {
  const locale = useLocale();
  const list = useApiKeys();
  const { revoke } = useApiKeyWrites();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [highlight, setHighlight] = useState<string | null>(null);
  const rows = list.data ?? [];
  const ask = (k: ApiKey) =>
    confirmDialog({
      header: 'Revoke this API key?',
      message:
        `Revoke “${k.name}”? It stops working within half a minute: whatever uses it (an ERP, a script) is then ` +
        'refused, and a revoked key cannot be turned back on.',
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Revoke',
      rejectLabel: 'Cancel',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () =>
        revoke.mutate(k, { onSuccess: () => showPopup('success', `API key “${k.name}” revoked: it stops working within half a minute`) }),
    });
  return (
    <section>
      <div className="page-head">
        <h2>API keys</h2>
        <Button label="Create API key" icon="pi pi-key" onClick={() => setCreating(true)} />
      </div>
      <p className="hint">
        An API key lets another system of the college (its ERP, or a script someone runs) work with Attain by itself, without anyone signing
        in: keep each section&apos;s students in step with the ERP, read the academic structure, or save marks. Give each system its own key
        with only what it needs, and revoke a key as soon as it is no longer used.
      </p>
      <p className="hint">
        The <Link to="/utilities/api-reference">API reference</Link> lists every operation; those a key may call say so with the scope they
        need (“an API key with rosters.write”).
      </p>
      <ResponsiveTable<ApiKey>
        label="API keys"
        rows={rows}
        rowKey={(k) => k.id}
        highlight={highlight}
        empty={
          <p className="hint">
            {list.isPending
              ? 'Reading the keys…'
              : list.isError
                ? 'The keys could not be read; reload the page to try again.'
                : 'No API key yet. Create one when your ERP or a script is to sync rosters or marks with Attain: it gets its ' +
                  'own id and secret, and may do only what you choose.'}
          </p>
        }
        columns={[
          {
            key: 'name',
            header: 'Name',
            value: (k) => k.name,
            // The client id under the name: what the machine sends, and what the audit trail names the key by.
            render: (k) => (
              <>
                {k.name}
                <small className="hint key-id">
                  <span className="visually-hidden">Client id </span>
                  <code>{k.id}</code>
                </small>
              </>
            ),
            priority: 1,
          },
          {
            key: 'scopes',
            header: 'What it may do',
            value: (k) => scopeWords(k.scopes),
            render: (k) => (
              <ul className="key-scopes">
                {k.scopes.map((s) => (
                  <li key={s}>{API_KEY_SCOPE_LABELS[s] ?? s}</li>
                ))}
              </ul>
            ),
            wide: true,
            minWidth: '14rem',
            sortable: false,
            priority: 2,
          },
          {
            key: 'expires_on',
            header: 'Last day',
            value: (k) => k.expires_on,
            render: (k) => formatDate(k.expires_on, locale),
            priority: 2,
          },
          {
            key: 'status',
            header: 'Status',
            value: (k) => STATUS[k.status] ?? k.status,
            render: (k) => (
              <>
                <Tag className={`status-tag key-${k.status}`} value={STATUS[k.status] ?? k.status} />
                {k.status === 'revoked' && k.revoked_at ? (
                  <small className="hint key-id">
                    {`on ${formatDate(k.revoked_at, locale)}${k.revoked_by ? ` by ${k.revoked_by}` : ''}`}
                  </small>
                ) : null}
              </>
            ),
            priority: 2,
          },
          {
            key: 'created',
            header: 'Created',
            value: (k) => k.created_at,
            render: (k) => (
              <>
                {k.created_by}
                <br />
                <small className="hint">{formatDateTime(k.created_at, locale)}</small>
              </>
            ),
            wide: true,
            priority: 2,
          },
        ]}
        actions={(k) =>
          k.status === 'active' ? (
            <Button
              label="Revoke"
              icon="pi pi-ban"
              size="small"
              severity="danger"
              text
              aria-label={`Revoke ${k.name}`}
              loading={revoke.isPending && revoke.variables?.id === k.id}
              onClick={() => ask(k)}
            />
          ) : null
        }
      />
      <NewApiKeyForm
        visible={creating}
        onHide={() => setCreating(false)}
        onCreated={(k) => {
          setCreating(false);
          setHighlight(k.id);
          setCreated(k);
        }}
      />
      <NewKeyDialog created={created} onDone={() => setCreated(null)} />
    </section>
  );
}

/** The form's values as typed: the last day an ISO day, or text typed that is not a date yet. */
interface Values {
  name: string;
  scopes: ApiKeyScope[];
  expires_on: string;
}

const blank = (): Values => ({ name: '', scopes: [], expires_on: addDays(todayInIndia(), DEFAULT_DAYS) });

/** The field a server's or the schema's message belongs to (`scopes.0` is the scopes' field). */
const fieldOf = (path: string): string => path.split('.')[0] ?? path;

/**
 * What is wrong with `v` before it is sent: the server's own schema (`apiKeyCreateSchema`, its messages) and its range
 * of days (today to `API_KEY_MAX_DAYS` ahead), one message per field.
 */
function check(v: Values, locale: CampusLocale): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = apiKeyCreateSchema.safeParse(v);
  if (!parsed.success)
    for (const i of parsed.error.issues) {
      const f = fieldOf(i.path.map(String).join('.'));
      errors[f] ??= f === 'expires_on' && v.expires_on ? `Not a valid date: type it as ${datePattern(locale)}` : i.message;
    }
  const today = todayInIndia();
  const last = addDays(today, API_KEY_MAX_DAYS);
  if (!errors.expires_on && (v.expires_on < today || v.expires_on > last))
    errors.expires_on = `Give a day from today to ${API_KEY_MAX_DAYS} days ahead (by ${formatDate(last, locale)})`;
  return errors;
}

/** The order the fields are in, so the first one with a problem gets the focus. */
const FIELD_IDS: readonly [keyof Values, string][] = [
  ['name', 'api-key-name'],
  ['scopes', `api-key-scope-${API_KEY_SCOPES[0]}`],
  ['expires_on', 'api-key-expires'],
];

/**
 * "Create API key": the key's name, what it may do (one or more scopes) and its last day (90 days ahead unless
 * changed; at most `API_KEY_MAX_DAYS`). Checked with the server's rules before it is sent; the server's per-field
 * messages show beside their fields and anything else above them, with everything typed kept.
 */
function NewApiKeyForm({ visible, onHide, onCreated }: { visible: boolean; onHide: () => void; onCreated: (k: ApiKeyCreated) => void }) {
  const locale = useLocale();
  const { create } = useApiKeyWrites();
  const [values, setValues] = useState<Values>(blank);
  const [start, setStart] = useState<Values>(values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  // Set on each refused submit: the first field with a problem gets the focus, once.
  const [refused, setRefused] = useState<{ errors: Record<string, string> } | null>(null);
  const dirty = values.name.trim() !== '' || values.scopes.length > 0 || values.expires_on !== start.expires_on;
  // A form opened again starts afresh, its last day 90 days from the day it opens.
  useEffect(() => {
    if (!visible) return;
    const fresh = blank();
    setValues(fresh);
    setStart(fresh);
    setErrors({});
    setRefusal(null);
  }, [visible]);
  useEffect(() => {
    const first = refused && FIELD_IDS.find(([f]) => refused.errors[f]);
    if (first) document.getElementById(first[1])?.focus();
  }, [refused]);
  // The date input names its message to screen readers (its own props take no description).
  useEffect(() => {
    const input = document.getElementById('api-key-expires');
    if (!input) return;
    input.setAttribute('aria-describedby', errors.expires_on ? 'api-key-expires-error api-key-expires-hint' : 'api-key-expires-hint');
    if (errors.expires_on) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  });
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const toggle = (s: ApiKeyScope, on: boolean) =>
    set(
      'scopes',
      API_KEY_SCOPES.filter((x) => (x === s ? on : values.scopes.includes(x))),
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const found = check(values, locale);
    if (Object.keys(found).length) {
      setErrors(found);
      setRefused({ errors: found });
      return;
    }
    const body: NewApiKey = { name: values.name.trim(), scopes: values.scopes, expires_on: values.expires_on };
    create.mutate(body, {
      onSuccess: (k) => onCreated(k),
      onError: (err) => {
        const refusedBy = err instanceof ApiError ? err : new ApiError(0, 'The key could not be created; please try again');
        const fields = Object.fromEntries(Object.entries(refusedBy.fields).map(([f, m]) => [fieldOf(f), m]));
        setErrors(fields);
        setRefusal(refusedBy.detail);
        setRefused({ errors: fields });
      },
    });
  };
  const last = addDays(todayInIndia(), API_KEY_MAX_DAYS);
  const error = (field: keyof Values, id: string) =>
    errors[field] ? (
      <small id={id} className="field-error">
        {errors[field]}
      </small>
    ) : null;
  return (
    <FormDialog
      header="Create API key"
      visible={visible}
      onHide={onHide}
      formId="new-api-key"
      dirty={dirty}
      compact
      submitLabel="Create key"
      submitting={create.isPending}
    >
      <form id="new-api-key" className="entity-form" onSubmit={submit} onKeyDown={enterNeverSubmits} noValidate aria-label="Create API key">
        <FormRefusal message={refusal} />
        <div className="form-field">
          <label htmlFor="api-key-name">
            Name
            <span className="req" aria-hidden>
              {' '}
              *
            </span>
          </label>
          <InputText
            id="api-key-name"
            value={values.name}
            invalid={Boolean(errors.name)}
            aria-invalid={Boolean(errors.name) || undefined}
            aria-describedby={errors.name ? 'api-key-name-error api-key-name-hint' : 'api-key-name-hint'}
            autoComplete="off"
            onChange={(e) => set('name', e.target.value)}
          />
          <small id="api-key-name-hint" className="hint">
            What uses it, so you know it again: “ERP roster sync”, “Marks upload script”.
          </small>
          {error('name', 'api-key-name-error')}
        </div>
        <fieldset className="mail-recipients" aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}>
          <legend>
            What it may do
            <span className="req" aria-hidden>
              {' '}
              *
            </span>
          </legend>
          {API_KEY_SCOPES.map((s) => (
            <label key={s} className="check-line">
              <input
                id={`api-key-scope-${s}`}
                type="checkbox"
                checked={values.scopes.includes(s)}
                onChange={(e) => toggle(s, e.target.checked)}
              />
              <span>{API_KEY_SCOPE_LABELS[s]}</span>
            </label>
          ))}
          {error('scopes', 'api-key-scopes-error')}
        </fieldset>
        <div className="form-field">
          <label htmlFor="api-key-expires">
            Last day
            <span className="req" aria-hidden>
              {' '}
              *
            </span>
          </label>
          <DateInput
            id="api-key-expires"
            className={errors.expires_on ? 'p-invalid' : ''}
            value={values.expires_on}
            onChange={(v) => set('expires_on', v)}
            onBlur={() => undefined}
            locale={locale}
          />
          <small id="api-key-expires-hint" className="hint">
            {`The key works until the end of this day, at most ${API_KEY_MAX_DAYS} days ahead (by ${formatDate(last, locale)}). ` +
              'Make a new key before then and move the system over to it.'}
          </small>
          {error('expires_on', 'api-key-expires-error')}
        </div>
      </form>
    </FormDialog>
  );
}

/** A value of the new key with its name and a Copy button; long values wrap rather than widen the dialog. */
function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="copy-value">
      <div>
        <div className="copy-label">{label}</div>
        <code>{value}</code>
      </div>
      <Button
        type="button"
        label="Copy"
        icon="pi pi-copy"
        size="small"
        outlined
        aria-label={`Copy the ${label.toLowerCase()}`}
        onClick={() => copy(value, label)}
      />
    </div>
  );
}

/** Puts `text` on the clipboard and says so (or says to copy it by hand where the browser does not allow it). */
function copy(text: string, what: string): void {
  const done = () => showPopup('success', `${what} copied`);
  const failed = () => showPopup('error', `${what} could not be copied here: select it and copy it with Ctrl+C`);
  if (!navigator.clipboard?.writeText) return failed();
  navigator.clipboard.writeText(text).then(done, failed);
}

/**
 * How a script uses a key: an access token from the token URL (HTTP Basic with the id and secret, the client
 * credentials grant), then a call with it: a roster sync when the key may sync rosters, else a read of what it may
 * read. The secret is left as a shell variable, so the example can be kept in a script without it.
 */
function scriptExample(k: Pick<ApiKeyCreated, 'id' | 'scopes' | 'token_url' | 'token_scope'>, origin: string): string {
  const token = [
    `# 1. An access token (good for ${API_KEY_TOKEN_MINUTES} minutes); ATTAIN_SECRET holds the key's secret`,
    `curl -s -u "${k.id}:$ATTAIN_SECRET" \\`,
    `  -d 'grant_type=client_credentials&scope=${k.token_scope.replace(/ /g, '+')}' \\`,
    `  '${k.token_url}'`,
    '# The answer\'s "access_token" is the <token> below.',
  ];
  const use = k.scopes.includes('rosters.write')
    ? [
        "# 2. Make section A's roster the list sent (students missing are marked left, never deleted)",
        `curl -X PUT '${origin}${ROSTER_PATH}?curriculum=<curriculum id>&section=A' \\`,
        "  -H 'Authorization: Bearer <token>' -H 'Content-Type: application/json' \\",
        `  -d '{"students":[{"roll_no":"21CS001","name":"Asha Rao","email":"asha@example.edu"}]}'`,
      ]
    : k.scopes.includes('structure.read')
      ? ['# 2. Read the curricula', `curl '${origin}/api/curriculum' -H 'Authorization: Bearer <token>'`]
      : ["# 2. Read an occasion's marks sheet", `curl '${origin}/api/marks/<occasion id>' -H 'Authorization: Bearer <token>'`];
  return [...token, ...use].join('\n');
}

/**
 * The new key, shown once after it is created: its client id, secret, token URL and scope, each with Copy, and an
 * example of a script using them. It closes only with "I have copied the secret" (no ×, no Escape, no click
 * outside), and the secret goes with it: the list never holds it.
 */
function NewKeyDialog({ created, onDone }: { created: ApiKeyCreated | null; onDone: () => void }) {
  const k = created;
  const example = k ? scriptExample(k, window.location.origin) : '';
  return (
    <Dialog
      header="Copy the new key's secret now"
      visible={created !== null}
      onHide={onDone}
      closable={false}
      closeOnEscape={false}
      dismissableMask={false}
      draggable={false}
      blockScroll
      style={{ width: 'min(48rem, 96vw)' }}
      footer={
        <div className="form-actions">
          <Button type="button" label="I have copied the secret" icon="pi pi-check" onClick={onDone} />
        </div>
      }
    >
      {k ? (
        <>
          <p role="note" className="shown-once">
            <strong>The secret is shown this once.</strong> Attain does not keep it and cannot show it again: copy it now into the system
            that will use the key. If it is lost, revoke “{k.name}” and create another key.
          </p>
          <CopyValue label="Client id" value={k.id} />
          <CopyValue label="Secret" value={k.client_secret} />
          <CopyValue label="Token URL" value={k.token_url} />
          <CopyValue label="Scope" value={k.token_scope} />
          <h3 className="script-heading">How a script uses it</h3>
          <p className="hint script-hint">
            {'It asks the token URL for an access token with the id and secret, then sends the token with each call. ' +
              `A token lasts ${API_KEY_TOKEN_MINUTES} minutes; ask for a new one after that.`}
          </p>
          <pre className="script-example">
            <code>{example}</code>
          </pre>
          <Button type="button" label="Copy the example" icon="pi pi-copy" size="small" outlined onClick={() => copy(example, 'Example')} />
        </>
      ) : null}
    </Dialog>
  );
}
