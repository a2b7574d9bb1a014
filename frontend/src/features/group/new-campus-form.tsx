import type { GroupCampus, NewCampusBody } from '@attain/shared-types';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../app/api';
import { FormDialog } from '../../components/form/form-dialog';
import { useCampusWrites } from './api';
import { FormRefusal } from '../../components/form/form-refusal';

/** The form's fields, in order: the body's name, label, and whether it may be left blank. */
const FIELDS: readonly { name: keyof NewCampusBody; label: string; optional?: boolean; type?: string; hint?: string }[] = [
  { name: 'id', label: 'Campus id', hint: '2-32 lower-case letters, digits or hyphens; it cannot change later' },
  { name: 'name', label: 'Organization name' },
  { name: 'society_name', label: 'Society name', optional: true, hint: "The group's name when left blank" },
  { name: 'admin_email', label: "First administrator's e-mail", type: 'email' },
  { name: 'admin_first_name', label: "Administrator's first name" },
  { name: 'admin_last_name', label: "Administrator's last name" },
];

const EMPTY: Record<keyof NewCampusBody, string> = {
  id: '',
  name: '',
  society_name: '',
  admin_email: '',
  admin_first_name: '',
  admin_last_name: '',
};

/**
 * "Add campus": a new campus of the group with its first administrator, who is mailed an invitation to
 * set a password (`POST /api/group/campus`). The server checks the fields; its per-field messages show under each
 * field and anything else above them. `onCreated` is told the campus made.
 */
export function NewCampusForm({
  visible,
  onHide,
  onCreated,
}: {
  visible: boolean;
  onHide: () => void;
  onCreated: (c: GroupCampus) => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const { add } = useCampusWrites();
  const dirty = Object.values(values).some((v) => v.trim());
  const close = () => {
    setValues(EMPTY);
    setRefusal(null);
    onHide();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const body: NewCampusBody = {
      id: values.id.trim(),
      name: values.name.trim(),
      ...(values.society_name.trim() ? { society_name: values.society_name.trim() } : {}),
      admin_email: values.admin_email.trim(),
      admin_first_name: values.admin_first_name.trim(),
      admin_last_name: values.admin_last_name.trim(),
    };
    add.mutate(body, {
      onSuccess: (c) => {
        close();
        onCreated(c);
      },
      onError: (err) => setRefusal(err instanceof ApiError ? err : new ApiError(0, 'The campus could not be created; please try again')),
    });
  };
  const fieldErrors = refusal?.fields ?? {};
  return (
    <FormDialog
      header="Add campus"
      visible={visible}
      onHide={close}
      formId="new-campus"
      dirty={dirty}
      compact
      submitLabel="Create campus"
      submitting={add.isPending}
    >
      <form id="new-campus" className="entity-form" onSubmit={submit} noValidate aria-label="Add campus">
        <FormRefusal message={refusal?.detail} />
        <div className="form-grid">
          {FIELDS.map((f) => {
            const id = `new-campus-${f.name}`;
            const error = fieldErrors[f.name];
            const described = [error ? `${id}-error` : '', f.hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
            return (
              <div key={f.name} className="form-field">
                <label htmlFor={id}>
                  {f.label}
                  {f.optional ? null : (
                    <span className="req" aria-hidden>
                      {' '}
                      *
                    </span>
                  )}
                </label>
                <input
                  id={id}
                  name={f.name}
                  type={f.type ?? 'text'}
                  className={`p-inputtext p-component${error ? ' p-invalid' : ''}`}
                  value={values[f.name]}
                  required={!f.optional}
                  aria-invalid={Boolean(error) || undefined}
                  aria-describedby={described || undefined}
                  onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                />
                {f.hint ? (
                  <small id={`${id}-hint`} className="hint">
                    {f.hint}
                  </small>
                ) : null}
                {error ? (
                  <small id={`${id}-error`} className="field-error">
                    {error}
                  </small>
                ) : null}
              </div>
            );
          })}
        </div>
      </form>
    </FormDialog>
  );
}
