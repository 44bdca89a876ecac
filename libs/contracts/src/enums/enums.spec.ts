import { DEFAULT_PACKAGE, isPackageId, PACKAGE_IDS } from './packages';
import {
  CUSTOMER_PLATFORMS,
  isCustomerPlatform,
  isPlatform,
  PLATFORMS,
  TEST_AGENT_PLATFORMS,
} from './platforms';
import { itGuards } from './guard-cases.testing';

// The enumerations of one service are tested in its folder (messaging/enums.spec.ts, marketing/enums.spec.ts).
describe('shared enumerations of the spec', () => {
  it('hold the spec values in order', () => {
    expect(PLATFORMS).toEqual(['facebook', 'instagram', 'twitter', 'whatsapp']);
    expect(TEST_AGENT_PLATFORMS).toEqual([...PLATFORMS, 'test']);
    expect(CUSTOMER_PLATFORMS).toEqual([...PLATFORMS, 'manual']);
    expect(PACKAGE_IDS).toEqual(['free', 'basic', 'power', 'pro', 'unlimited', 'enterprise']);
  });

  it('have the spec defaults', () => {
    expect(DEFAULT_PACKAGE).toBe('free');
  });

  itGuards([
    [isPlatform, 'whatsapp', 'manual'],
    [isCustomerPlatform, 'manual', 'test'],
    [isPackageId, 'power', 'gold'],
  ]);
});
