import { type EntityRecord, MESSAGES, department, profile } from '@attain/shared-types';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from '../app/api';
import { profileAtom, showPopup } from '../app/state';
import { EntityForm } from '../entity/entity-form';
import { clearRefCache, loadAll, useRefOptions } from '../entity/use-ref-options';

/**
 * Configuration > Users: the campus's users and, for campus admins, Add User (spec part 1 §2: the profile
 * fields; plus the sign-in e-mail, role and first password). Creates the Cognito user and its profile.
 */
export function UsersPage() {
  const me = useAtomValue(profileAtom);
  const isAdmin = me?.role === 'admin';
  const [users, setUsers] = useState<EntityRecord[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [account, setAccount] = useState({ email: '', role: 'faculty', password: '' });
  const [accountErrors, setAccountErrors] = useState<Record<string, string>>({});
  const refOptions = useRefOptions(profile);
  const [departments, setDepartments] = useState<EntityRecord[]>([]);
  const load = useCallback(async () => setUsers(await loadAll(profile.listPath as string)), []);
  useEffect(() => {
    void load();
    void loadAll(department.path).then(setDepartments);
  }, [load]);

  const submit = async (values: Record<string, unknown>) => {
    setAccountErrors({});
    try {
      await api('POST', profile.listPath as string, { ...values, ...account });
    } catch (e) {
      if (e instanceof ApiError) setAccountErrors(e.fields);
      throw e;
    }
    showPopup('success', MESSAGES.created);
    setAdding(false);
    setAccount({ email: '', role: 'faculty', password: '' });
    clearRefCache('profile');
    await load();
  };
  const err = (k: string) => (accountErrors[k] ? <small className="field-error">{accountErrors[k]}</small> : null);
  return (
    <section>
      <div className="page-head">
        <h2>Users</h2>
        {isAdmin ? <Button label="Add User" icon="pi pi-user-plus" onClick={() => setAdding(true)} /> : null}
      </div>
      <DataTable value={users ?? []} dataKey="id" emptyMessage={users === null ? 'Loading…' : 'No users yet'} paginator rows={20} size="small" stripedRows responsiveLayout="stack" breakpoint="720px">
        <Column field="name" header="Name" sortable />
        <Column field="email" header="E-mail" sortable />
        <Column field="role" header="Role" sortable />
        <Column header="Department" body={(u: EntityRecord) => String(departments.find((d) => d.id === u.department)?.short_name ?? '')} />
        <Column field="phone_number" header="Phone" />
      </DataTable>
      <Dialog header="Add user" visible={adding} maximized onHide={() => setAdding(false)}>
        {adding ? (
          <>
            <fieldset className="form-grid account-fields">
              <legend>Sign-in</legend>
              <div className="form-field">
                <label htmlFor="u-email">
                  E-mail<span className="req"> *</span>
                </label>
                <InputText id="u-email" type="email" value={account.email} invalid={Boolean(accountErrors.email)} onChange={(e) => setAccount({ ...account, email: e.target.value })} />
                {err('email')}
              </div>
              <div className="form-field">
                <label htmlFor="u-role">Role</label>
                <Dropdown inputId="u-role" value={account.role} options={[{ label: 'Faculty', value: 'faculty' }, { label: 'Campus administrator', value: 'admin' }]} onChange={(e) => setAccount({ ...account, role: e.value })} />
              </div>
              <div className="form-field">
                <label htmlFor="u-password">
                  First password<span className="req"> *</span>
                </label>
                <Password inputId="u-password" value={account.password} feedback={false} toggleMask invalid={Boolean(accountErrors.password)} onChange={(e) => setAccount({ ...account, password: e.target.value })} />
                <small>At least 10 characters with upper and lower case letters, a digit and a symbol.</small>
                {err('password')}
              </div>
            </fieldset>
            <EntityForm def={profile} refOptions={refOptions} onSubmit={submit} onCancel={() => setAdding(false)} submitLabel="Add user" />
          </>
        ) : null}
      </Dialog>
    </section>
  );
}
