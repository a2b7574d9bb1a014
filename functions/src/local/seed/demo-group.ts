import { type Caller, campusScope } from '@attain/shared-types';
import { campusRegistration, ensureGroup, registerCampus } from '../../platform/store/campus-registry.js';
import { ensureCampusUser } from '../../features/identity/campus-users.js';
import { DEMO_CAMPUSES, DEMO_GROUP, DEMO_GROUP_ADMIN_EMAIL, seedDemoCampus } from './demo-campus.js';
import { seedDemoAttainment } from './demo-attainment.js';
import { seedDemoStructure } from './demo-structure.js';

/**
 * Seeds the demo group once the demo campus exists: the group, its second and smaller campus (the
 * published-sample courses with one year of its own sample marks, and its administrator), both campuses registered in
 * the group, and the group administrator. Idempotent: a restart keeps every edit.
 * @param adminPassword the second campus's administrator's password (the demo admin's)
 * @param groupPassword the group administrator's password
 * @returns the sign-ins to print
 */
export async function seedDemoGroup(adminPassword: string, groupPassword: string): Promise<{ groupAdmin: string; campusAdmins: string[] }> {
  await ensureGroup(DEMO_GROUP, DEMO_GROUP_ADMIN_EMAIL);
  for (const campus of DEMO_CAMPUSES.filter((c) => !c.full)) {
    const sub = await ensureCampusUser({
      tenant: campus.tenant,
      email: campus.adminEmail,
      password: adminPassword,
      role: 'admin',
      first_name: 'Campus',
      last_name: 'Administrator',
      createdBy: DEMO_GROUP_ADMIN_EMAIL,
    });
    await seedDemoCampus(campus.adminEmail, campus);
    const admin: Caller = { tenant: campus.tenant, role: 'admin', user: campus.adminEmail, sub };
    await seedDemoStructure(campusScope(admin), admin, { full: false });
    await seedDemoAttainment(campusScope(admin), admin, { full: false });
  }
  for (const campus of DEMO_CAMPUSES) {
    if (await campusRegistration(campus.tenant)) continue;
    await registerCampus(
      {
        id: campus.tenant,
        group: DEMO_GROUP.id,
        name: campus.name,
        status: 'Active',
        admin_email: campus.adminEmail,
        created_by: DEMO_GROUP_ADMIN_EMAIL,
      },
      { adopt: true },
    );
  }
  await ensureCampusUser({
    tenant: DEMO_GROUP.id,
    email: DEMO_GROUP_ADMIN_EMAIL,
    password: groupPassword,
    role: 'group-admin',
    first_name: 'Group',
    last_name: 'Administrator',
    createdBy: DEMO_GROUP_ADMIN_EMAIL,
  });
  return { groupAdmin: DEMO_GROUP_ADMIN_EMAIL, campusAdmins: DEMO_CAMPUSES.map((c) => c.adminEmail) };
}
