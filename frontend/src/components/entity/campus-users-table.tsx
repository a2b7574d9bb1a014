import { ACCESS_STATUS_LABELS, type CampusUser, ROLE_LABELS, department, profile, isKeyOf, textOf } from '@attain/shared-types';
import type { ReactNode } from 'react';
import { useMay } from '../../app/state';
import { ResponsiveTable } from '../table/responsive-table';
import { useListQuery } from './list-cache';
import { LoadMore } from './load-more';
import { useRefRecords } from './ref-records';
import { EmailText } from '../table/email-text';

/**
 * The campus's users (`GET /api/auth/user-list`, the cached list the course-owner pickers share) as one table:
 * name, e-mail, role, department (short name, read for the users shown) and, for campus admins, phone, with optional row actions
 * and a highlighted row. Configuration > Users and Utilities > Manage User both show it.
 */
export function CampusUsersTable(props: { label: string; actions?: (u: CampusUser) => ReactNode; highlight?: string | null }) {
  const administers = useMay('administer-campus');
  const list = useListQuery(profile, {});
  const users = list.isPending ? null : list.rows;
  const departments = useRefRecords([{ target: department, ids: (users ?? []).map((u) => u.department) }]);
  return (
    <>
      <ResponsiveTable<CampusUser>
        label={props.label}
        rows={users ?? []}
        rowKey={(u) => u.id}
        highlight={props.highlight}
        actions={props.actions}
        empty={<p className="hint">{users === null ? 'Loading…' : 'No users yet'}</p>}
        columns={[
          { key: 'name', header: 'Name', value: (u) => u.name },
          { key: 'email', header: 'E-mail', value: (u) => u.email, render: (u) => <EmailText value={u.email ?? ''} />, wide: true },
          {
            key: 'role',
            header: 'Role',
            value: (u) => (u.role !== undefined && isKeyOf(ROLE_LABELS, u.role) ? ROLE_LABELS[u.role] : textOf(u.role)),
          },
          { key: 'department', header: 'Department', value: (u) => String(departments(department, u.department)?.short_name ?? '') },
          // The phone number is private: only the campus's admins receive it (the server's `personalView`).
          ...(administers ? [{ key: 'phone_number', header: 'Phone', value: (u: CampusUser) => textOf(u.phone_number) }] : []),
          // Where each account stands: sent only to those who may change it (the server's `ACCESS_ENDERS`).
          ...(users?.some((u) => u.access)
            ? [{ key: 'access', header: 'Access', value: (u: CampusUser) => ACCESS_STATUS_LABELS[u.access ?? 'active'] }]
            : []),
        ]}
      />
      <LoadMore list={list} />
    </>
  );
}
