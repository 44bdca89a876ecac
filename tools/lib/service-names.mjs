// The back-end services, as libs/contracts/src/services.ts defines them (SERVICE_NAMES): the one list
// of services. Scripts that Node runs directly cannot import TypeScript, so they read the literal from
// that file; tools/lib/service-names.spec.ts checks that this reads what TypeScript sees.
import { readFileSync } from 'node:fs';

const SOURCE = new URL('../../libs/contracts/src/services.ts', import.meta.url);

export function readServiceNames(source = readFileSync(SOURCE, 'utf8')) {
  const list = /export const SERVICE_NAMES = \[([^\]]*)\] as const/.exec(source)?.[1];
  if (list === undefined) throw new Error(`SERVICE_NAMES = [...] as const not found in ${SOURCE.pathname}`);
  return [...list.matchAll(/'([a-z-]+)'/g)].map((match) => match[1]);
}

/** The six back-end services. */
export const SERVICE_NAMES = readServiceNames();
/** Every app `npm start` and the bench run: the services, then the gateway in front of them. */
export const APP_NAMES = [...SERVICE_NAMES, 'gateway'];
