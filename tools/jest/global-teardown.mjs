/** Jest's globalTeardown: stops the containers globalSetup started, if any. */
export default async function globalTeardown() {
  await globalThis.stopTestServers?.();
}
