import { SERVICE_NAMES as CONTRACTS_SERVICE_NAMES } from '@parley/contracts';
import { APP_NAMES, readServiceNames, SERVICE_NAMES } from './service-names.mjs';

describe('the service list the scripts read', () => {
  it('is the contracts’ SERVICE_NAMES, in order', () => {
    expect(SERVICE_NAMES).toEqual([...CONTRACTS_SERVICE_NAMES]);
    expect(APP_NAMES).toEqual([...CONTRACTS_SERVICE_NAMES, 'gateway']);
  });

  it('stops with a clear message when the list is no longer written as it expects', () => {
    expect(() => readServiceNames('export const SERVICES = [];')).toThrow(
      /SERVICE_NAMES = \[\.\.\.\] as const not found/,
    );
  });
});
