import {
  type CampusIdentityProvider,
  type IdentityProviderSetting,
  SAML_ATTRIBUTES,
  SSO_MAX_DOMAINS,
  SSO_PROTOCOLS,
  SSO_PROTOCOL_LABELS,
  type SsoProtocol,
  identityProviderSchema,
} from '@attain/shared-types';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../app/api';
import { showPopup } from '../../app/state';
import { formatDateTime, useLocale } from '../../lib/format/locale';
import { useCollegeSignInSetting, useCollegeSignInWrites } from './college-sign-in-api';
import { FormRefusal } from '../../components/form/form-refusal';

/** The form as typed: the domains as one line, split at commas or spaces when sent. */
interface Values {
  name: string;
  protocol: SsoProtocol;
  issuer: string;
  client_id: string;
  client_secret: string;
  metadata_url: string;
  domains: string;
  account_domains: string;
}

/** The typed fields; `only`: the protocol whose field it is (none: both). */
const FIELDS: readonly { key: Exclude<keyof Values, 'protocol'>; id: string; label: string; hint: string; only?: SsoProtocol }[] = [
  { key: 'name', id: 'idp-name', label: 'Name people see', hint: 'The sign-in page says “Continue with <this name>”.' },
  {
    key: 'issuer',
    id: 'idp-issuer',
    label: 'Issuer URL',
    hint: 'Google Workspace: https://accounts.google.com. Microsoft Entra: https://login.microsoftonline.com/<your tenant id>/v2.0.',
    only: 'oidc',
  },
  {
    key: 'client_id',
    id: 'idp-client-id',
    label: 'Client ID',
    hint: 'Of the web application you registered for Attain at the provider.',
    only: 'oidc',
  },
  { key: 'client_secret', id: 'idp-client-secret', label: 'Client secret', hint: '', only: 'oidc' },
  {
    key: 'metadata_url',
    id: 'idp-metadata-url',
    label: 'SAML metadata URL',
    hint: 'From your provider’s single sign-on settings for the Attain application (Microsoft Entra: “App Federation Metadata Url”).',
    only: 'saml',
  },
  {
    key: 'domains',
    id: 'idp-domains',
    label: 'E-mail domains',
    hint: `The domains of your people's addresses, such as skcet.ac.in (up to ${SSO_MAX_DOMAINS}, separated by commas).`,
  },
  {
    key: 'account_domains',
    id: 'idp-account-domains',
    label: 'New accounts for',
    hint:
      'Leave empty to let in only people who already have an Attain account. An address of a domain given here ' +
      'with no account gets a faculty account at its first sign-in, named as the provider names it.',
  },
];

const valuesOf = (p: CampusIdentityProvider | null | undefined): Values => ({
  name: p?.name ?? '',
  protocol: p?.protocol ?? 'oidc',
  issuer: p?.issuer ?? '',
  client_id: p?.client_id ?? '',
  client_secret: '',
  metadata_url: p?.metadata_url ?? '',
  domains: p?.domains.join(', ') ?? '',
  account_domains: p?.account_domains.join(', ') ?? '',
});

const splitDomains = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);

/**
 * `/utilities/college-sign-in` (campus administrators; issue 44 item 2, decision 0063): the campus's Google Workspace or
 * Microsoft Entra tenant as an OpenID Connect provider, or any SAML 2.0 provider (`GET`/`PUT`/`DELETE
 * /api/auth/identity-provider`). Shows what to register for Attain at the provider (the redirect URI; for SAML the
 * entity ID and the assertion consumer service URL); the form takes the name people see, the protocol, the issuer, the
 * client id and secret (kept by the user pool and never shown again: left empty, the saved one stays) or the SAML
 * metadata URL, and the e-mail domains. People of those domains who have an Attain account here then sign in through
 * it; no account is made for anyone else unless a domain is opened for new accounts.
 */
export function CollegeSignInPage() {
  const locale = useLocale();
  const setting = useCollegeSignInSetting();
  const saved = setting.data?.provider ?? null;
  return (
    <section>
      <div className="page-head">
        <h2>College sign-in</h2>
      </div>
      <p className="hint">
        Let people sign in with the Google Workspace, Microsoft Entra or other SAML account your college already gives them, instead of one
        more password. Only people who already have an Attain account here, with an address in your domains, can sign in this way.
      </p>
      {setting.isError ? <p className="hint">The setting could not be read; reload the page to try again.</p> : null}
      {setting.isPending ? <p className="hint">Reading the setting…</p> : null}
      {setting.data ? (
        <>
          {saved ? (
            <p className="hint">
              In use since it was last saved by {saved.updated_by} on {formatDateTime(saved.updated_at, locale)}.
            </p>
          ) : null}
          {/* The form starts from what was read, and again from what each save stored. */}
          <ProviderForm key={saved?.updated_at ?? 'none'} saved={saved} setting={setting.data} />
        </>
      ) : null}
    </section>
  );
}

/** The SAML attributes as people name them. */
const SAML_ATTRIBUTE_LABELS: Readonly<Record<keyof typeof SAML_ATTRIBUTES, string>> = {
  email: 'E-mail address',
  given_name: 'First name',
  family_name: 'Surname',
  name: 'Full name',
};

/** What to register for Attain at a provider of `protocol`. */
function Registration({ protocol, setting }: { protocol: SsoProtocol; setting: IdentityProviderSetting }) {
  if (protocol === 'saml')
    return (
      <div className="hint">
        <p>
          Add Attain at your provider as a SAML application with the entity ID (audience){' '}
          <code className="idp-redirect">{setting.saml.entity_id}</code> and the reply (assertion consumer service) URL{' '}
          <code className="idp-redirect">{setting.saml.acs_url}</code>. It must send these attributes (Microsoft Entra sends them as they
          are):
        </p>
        <ul>
          {(Object.keys(SAML_ATTRIBUTES) as (keyof typeof SAML_ATTRIBUTES)[]).map((key) => (
            <li key={key}>
              {SAML_ATTRIBUTE_LABELS[key]}: <code className="idp-redirect">{SAML_ATTRIBUTES[key]}</code>
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <p className="hint">
      Register Attain at your provider as a web application with this redirect URI:{' '}
      <code className="idp-redirect">{setting.redirect_uri}</code>
    </p>
  );
}

/** The provider's fields, filled from `saved` (none: empty), checked with the server's rules before they are sent. */
function ProviderForm({ saved, setting }: { saved: CampusIdentityProvider | null; setting: IdentityProviderSetting }) {
  const { save, remove } = useCollegeSignInWrites();
  const [values, setValues] = useState<Values>(() => valuesOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (key: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    // Another protocol: the messages of the fields it hides go with them.
    setErrors(({ [key]: _gone, ...rest }) =>
      key === 'protocol' ? Object.fromEntries(Object.entries(rest).filter(([k]) => !FIELDS.some((f) => f.key === k && f.only))) : rest,
    );
  };
  const shown = FIELDS.filter((f) => !f.only || f.only === values.protocol);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const saml = values.protocol === 'saml';
    // Only the chosen protocol's fields are sent.
    const body = {
      name: values.name,
      protocol: values.protocol,
      ...(saml
        ? { metadata_url: values.metadata_url }
        : {
            issuer: values.issuer,
            client_id: values.client_id,
            ...(values.client_secret.trim() ? { client_secret: values.client_secret } : {}),
          }),
      domains: splitDomains(values.domains),
      account_domains: splitDomains(values.account_domains),
    };
    const checked = identityProviderSchema.safeParse(body);
    const found: Record<string, string> = {};
    if (!checked.success) for (const i of checked.error.issues) found[String(i.path[0])] ??= i.message;
    // A secret is needed when there is none saved: a first OpenID Connect provider, or one that was SAML.
    if (!saml && saved?.protocol !== 'oidc' && !values.client_secret.trim())
      found.client_secret = 'Give the client secret the provider issued';
    if (Object.keys(found).length) {
      setErrors(found);
      document.getElementById(shown.find((f) => found[f.key])?.id ?? '')?.focus();
      return;
    }
    save.mutate(body, {
      onSuccess: () => showPopup('success', 'Saved: people of these domains can now continue with their college account'),
      onError: (err) => {
        const refused = err instanceof ApiError ? err : new ApiError(0, 'The provider could not be saved; please try again');
        setErrors(refused.fields);
        setRefusal(refused.detail);
      },
    });
  };
  const ask = () =>
    confirmDialog({
      header: 'Stop signing in with college accounts?',
      message: 'People then sign in with their Attain passwords only; anyone who never set one can use “Forgot password?”.',
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Remove',
      rejectLabel: 'Cancel',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => remove.mutate(undefined, { onSuccess: () => showPopup('success', 'College sign-in removed: passwords only again') }),
    });
  return (
    <form className="entity-form idp-form" onSubmit={submit} noValidate aria-label="College sign-in provider">
      <FormRefusal message={refusal} />
      <fieldset className="form-field idp-protocol">
        <legend>Protocol</legend>
        {SSO_PROTOCOLS.map((p) => (
          <label key={p} className="choice">
            <input type="radio" name="idp-protocol" value={p} checked={values.protocol === p} onChange={() => set('protocol', p)} />{' '}
            {SSO_PROTOCOL_LABELS[p]}
          </label>
        ))}
      </fieldset>
      <div aria-live="polite">
        <Registration protocol={values.protocol} setting={setting} />
        {saved && saved.protocol !== values.protocol ? (
          <p className="hint">
            Saving another protocol replaces the provider: everyone signs in again through the new one at their next sign-in.
          </p>
        ) : null}
      </div>
      {shown.map((f) => {
        const hint =
          f.key === 'client_secret'
            ? saved?.protocol === 'oidc'
              ? 'Kept from the last save and never shown: leave it empty to keep it, or type a new one.'
              : 'Shown to you once by the provider; Attain never shows it again.'
            : f.hint;
        const described = [errors[f.key] ? `${f.id}-error` : '', `${f.id}-hint`].filter(Boolean).join(' ');
        return (
          <div className="form-field" key={f.key}>
            <label htmlFor={f.id}>{f.label}</label>
            <InputText
              id={f.id}
              type={f.key === 'client_secret' ? 'password' : 'text'}
              autoComplete={f.key === 'client_secret' ? 'new-password' : 'off'}
              value={values[f.key]}
              onChange={(e) => set(f.key, e.target.value)}
              aria-invalid={errors[f.key] ? true : undefined}
              aria-describedby={described}
            />
            {errors[f.key] ? (
              <small id={`${f.id}-error`} className="field-error">
                {errors[f.key]}
              </small>
            ) : null}
            <small id={`${f.id}-hint`} className="hint">
              {hint}
            </small>
          </div>
        );
      })}
      <div className="form-actions">
        <Button type="submit" label={saved ? 'Save changes' : 'Turn on college sign-in'} icon="pi pi-check" loading={save.isPending} />
        {saved ? <Button type="button" label="Remove" icon="pi pi-trash" severity="danger" outlined onClick={ask} /> : null}
      </div>
    </form>
  );
}
