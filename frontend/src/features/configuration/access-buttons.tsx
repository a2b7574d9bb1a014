import {
  ACCESS_ACTION_LABELS,
  ACCESS_STATUS_LABELS,
  type AccessAction,
  type CampusUser,
  mayEndAccess,
  profile,
  roleFromGroups,
  userAccessRoute,
} from '@attain/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Menu } from 'primereact/menu';
import { useId, useRef } from 'react';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { profileAtom, showPopup } from '../../app/state';
import { listPathOf } from '../../components/entity/list-cache';

/** What each action asks before it is done. */
const QUESTIONS: Readonly<Record<AccessAction, (name: string) => string>> = {
  disable: (n) => `Disable ${n}? They are signed out within a minute and cannot sign in until an administrator enables them again.`,
  enable: (n) => `Enable ${n}? They can sign in again.`,
  remove: (n) =>
    `Remove ${n}? Their sign-in is deleted and they are signed out within a minute; their profile and contribution records stay. ` +
    'This cannot be undone (add them again to give them access).',
};

/**
 * A user row's access, for an admin who may change it (`mayEndAccess`: campus admins for faculty, the group
 * administrator for campus admins; never one's own): one small "Access" button opening a menu of Disable / Enable /
 * Remove, each asked first (`POST /api/auth/user-list/{user}/access`). The row's status is the table's Access column.
 * The list is read again afterwards.
 */
export function AccessButtons({ user }: { user: CampusUser }) {
  const me = useAtomValue(profileAtom);
  const queryClient = useQueryClient();
  const menu = useRef<Menu>(null);
  const menuId = useId();
  const change = useMutation({
    mutationFn: (action: AccessAction) => call(userAccessRoute, { params: { user: user.id }, body: { action } }),
    onSuccess: (res) => showPopup('success', `${user.name}: ${ACCESS_STATUS_LABELS[res.data?.status ?? 'active'].toLowerCase()}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: qk.lists(listPathOf(profile)) }),
  });
  const status = user.access ?? 'active';
  const myRole = me ? roleFromGroups([me.role]) : undefined;
  if (!myRole || me?.id === user.id || !mayEndAccess(myRole, user.role) || status === 'removed') return null;
  const actions: AccessAction[] = status === 'disabled' ? ['enable', 'remove'] : ['disable', 'remove'];
  const ask = (a: AccessAction) =>
    confirmDialog({
      header: `${ACCESS_ACTION_LABELS[a]} ${user.name}?`,
      message: QUESTIONS[a](user.name),
      acceptLabel: ACCESS_ACTION_LABELS[a],
      rejectLabel: 'Cancel',
      defaultFocus: 'reject',
      accept: () => change.mutate(a),
    });
  return (
    <>
      <Menu model={actions.map((a) => ({ label: ACCESS_ACTION_LABELS[a], command: () => ask(a) }))} popup ref={menu} id={menuId} />
      <Button
        type="button"
        size="small"
        text
        icon="pi pi-user-edit"
        label="Access"
        aria-label={`Access of ${user.name}`}
        aria-haspopup="menu"
        aria-controls={menuId}
        disabled={change.isPending}
        onClick={(e) => menu.current?.toggle(e)}
      />
    </>
  );
}
