import { isOneOf } from './one-of';

/**
 * A user's `currentPackage`: the usage labels (free, basic, power, pro, unlimited) plus the
 * plan-catalogue-only `enterprise`. Also the `package` query parameter of /checkout.
 */
export const PACKAGE_IDS = ['free', 'basic', 'power', 'pro', 'unlimited', 'enterprise'] as const;

export type PackageId = (typeof PACKAGE_IDS)[number];

export const DEFAULT_PACKAGE: PackageId = 'free';

export function isPackageId(value: unknown): value is PackageId {
  return isOneOf(PACKAGE_IDS, value);
}
