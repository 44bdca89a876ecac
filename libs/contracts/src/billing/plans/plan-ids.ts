import type { PackageId } from '../../enums/packages';
import { isOneOf } from '../../enums/one-of';

/** The subscription plans a visitor can choose; each is also a package a user can be on. */
export const PLAN_IDS = ['free', 'basic', 'pro', 'enterprise'] as const satisfies readonly PackageId[];

export type PlanId = (typeof PLAN_IDS)[number];

export function isPlanId(value: unknown): value is PlanId {
  return isOneOf(PLAN_IDS, value);
}
