import { MESSAGES, ROLE_LABELS, createUserRoute, profile, may } from '@attain/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../app/api';
import { call } from '../../app/api-client';
import { hrefWith } from '../../app/navigation';
import { profileAtom, showPopup } from '../../app/state';
import { EntityForm } from '../../components/entity/entity-form';
import { putSaved } from '../../components/entity/list-cache';
import { CampusUsersTable } from '../../components/entity/campus-users-table';
import { FormDialog } from '../../components/form/form-dialog';
import { AccessButtons } from './access-buttons';

/** The roles a campus administrator gives a new user (a group administrator is made with the group's campuses). */
const CAMPUS_ROLES = ['faculty', 'admin'] as const;

/**
 * Configuration > Users, the campus's one user list (Utilities > Manage User links here): the users (`GET
 * /api/auth/user-list`, the same cached list the course-owner and instructor pickers use), each with "View Faculty
 * Contribution" (spec part 2 §2 Manage User), and, for campus admins, Add User (spec part 1 §2: the profile fields; plus the sign-in
 * e-mail, role and first password). Creates the Cognito user and its profile; the new user is put into the cached
 * list and highlighted.
 */
export function UsersPage() {
  const me = useAtomValue(profileAtom);
  const administers = may(me, 'administer-campus');
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const [account, setAccount] = useState({ email: '', role: 'faculty', password: '' });
  const [accountErrors, setAccountErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const formId = useId();
  const close = useCallback(() => {
    setAdding(false);
    setDirty(false);
    setAccount({ email: '', role: 'faculty', password: '' });
    setAccountErrors({});
  }, []);
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      call(createUserRoute, {
        body: {
          ...values,
          ...account,
          // An empty password means "send an invitation".
          password: account.password || undefined,
        },
      }),
    onMutate: () => setAccountErrors({}),
    onError: (e) => {
      if (e instanceof ApiError) setAccountErrors(e.fields);
    },
    onSuccess: (res) => {
      if (res.data) {
        putSaved(queryClient, profile, res.data);
        setAdded(res.data.id);
      }
      showPopup('success', account.password ? MESSAGES.created : `${MESSAGES.created}; an invitation mail is on its way`);
      close();
    },
  });
  const err = (k: string) => (accountErrors[k] ? <small className="field-error">{accountErrors[k]}</small> : null);
  return (
    <section>
      <div className="page-head">
        <h2>Users</h2>
        {administers ? <Button label="Add User" icon="pi pi-user-plus" onClick={() => setAdding(true)} /> : null}
      </div>
      <CampusUsersTable
        label="Users"
        highlight={added}
        actions={(u) => (
          <>
            <Link className="p-button p-button-text p-button-sm" to={hrefWith('/faculty-contribution', { faculty: u.id })}>
              View Faculty Contribution
            </Link>
            <AccessButtons user={u} />
          </>
        )}
      />
      <FormDialog
        header="Add user"
        visible={adding}
        onHide={close}
        formId={formId}
        dirty={dirty || Boolean(account.email || account.password)}
        submitLabel="Add user"
        submitting={add.isPending}
      >
        {adding ? (
          <EntityForm
            id={formId}
            def={profile}
            onDirtyChange={setDirty}
            onSubmit={async (v) => void (await add.mutateAsync(v))}
            before={
              <fieldset className="form-grid account-fields">
                <legend>Sign-in</legend>
                <div className="form-field">
                  <label htmlFor="u-email">
                    E-mail<span className="req"> *</span>
                  </label>
                  <InputText
                    id="u-email"
                    type="email"
                    value={account.email}
                    invalid={Boolean(accountErrors.email)}
                    onChange={(e) => setAccount({ ...account, email: e.target.value })}
                  />
                  {err('email')}
                </div>
                <div className="form-field">
                  <label htmlFor="u-role">Role</label>
                  <Dropdown
                    inputId="u-role"
                    value={account.role}
                    options={CAMPUS_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))}
                    onChange={(e) => setAccount({ ...account, role: e.value })}
                  />
                </div>
                <div className="form-field">
                  <label htmlFor="u-password">First password</label>
                  <Password
                    inputId="u-password"
                    value={account.password}
                    feedback={false}
                    toggleMask
                    invalid={Boolean(accountErrors.password)}
                    onChange={(e) => setAccount({ ...account, password: e.target.value })}
                  />
                  <small>
                    Leave it empty to mail the new member an invitation to set their own (its receipt is in Utilities &gt; Send Mail).
                    Otherwise at least 10 characters with upper and lower case letters, a digit and a symbol.
                  </small>
                  {err('password')}
                </div>
              </fieldset>
            }
          />
        ) : null}
      </FormDialog>
    </section>
  );
}
