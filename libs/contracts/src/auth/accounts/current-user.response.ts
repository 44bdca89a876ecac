import type { Role } from '../../rpc';
import type { WorkspaceSummary } from '../team/team.responses';
import type { PackageId } from '../../enums/packages';

/**
 * GET /api/auth/me. `name` is for display (the sidebar initial); timestamps are ISO 8601. `workspace` and
 * `role` (docs/teams.md): the workspace the account works in and what it may do there; `currentPackage` is
 * the workspace's plan.
 */
export interface CurrentUserResponse {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  currentPackage: PackageId;
  createdAt: string;
  workspace: WorkspaceSummary;
  role: Role;
}
