import { ensureTestServers } from './test-servers.mjs';

/** Jest's globalSetup: servers for the integration tests (see test-servers.mjs). Workers inherit process.env. */
export default async function globalSetup() {
  globalThis.stopTestServers = await ensureTestServers(process.env);
}
