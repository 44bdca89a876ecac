import { can, type Permission, roleOf } from '../permissions';
import type { TeamRole } from '../team-types';

/** docs/teams.md, "Roles": what each role may do, written out as the table a reader checks it against. */
const TABLE: Record<Permission, Record<TeamRole, boolean>> = {
  configureAi: { owner: true, admin: true, agent: false },
  editTraining: { owner: true, admin: true, agent: false },
  editProducts: { owner: true, admin: true, agent: false },
  manageChannels: { owner: true, admin: true, agent: false },
  sendEmail: { owner: true, admin: true, agent: false },
  manageBilling: { owner: true, admin: false, agent: false },
  manageMembers: { owner: true, admin: true, agent: false },
  transferOwnership: { owner: true, admin: false, agent: false },
  viewReports: { owner: true, admin: true, agent: false },
};

const cases = Object.entries(TABLE).flatMap(([permission, roles]) =>
  Object.entries(roles).map(
    ([role, allowed]) => [role as TeamRole, permission as Permission, allowed] as const,
  ),
);

describe('can(role, permission)', () => {
  it.each(cases)('%s may %s: %s', (role, permission, allowed) => {
    expect(can(role, permission)).toBe(allowed);
  });

  it('an admin may do everything but billing and ownership', () => {
    const refused = (Object.keys(TABLE) as Permission[]).filter((permission) => !can('admin', permission));
    expect(refused.sort()).toEqual(['manageBilling', 'transferOwnership']);
  });
});

describe('roleOf(user)', () => {
  const user = {
    id: 'u-1',
    email: 'ada@example.com',
    name: 'Ada',
    emailVerified: true,
    currentPackage: 'free' as const,
    createdAt: '2024-05-01T09:00:00.000Z',
  };

  it('is the role GET /api/auth/me names', () => {
    expect(roleOf({ ...user, role: 'agent' })).toBe('agent');
    expect(roleOf({ ...user, role: 'admin' })).toBe('admin');
  });

  it('is owner when the server names none (an account from before teams owns its own workspace)', () => {
    expect(roleOf({ ...user, role: undefined })).toBe('owner');
  });
});
