import type { PackageId } from '../../enums/packages';

/** GET /api/auth/me. `name` is for display (the sidebar initial); timestamps are ISO 8601. */
export interface CurrentUserResponse {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  currentPackage: PackageId;
  createdAt: string;
}
