// Types of test-servers.mjs for the TypeScript spec that imports it.
export declare function ensureTestServers(
  env: NodeJS.ProcessEnv,
  options?: { loadTestcontainers?: () => Promise<typeof import('testcontainers')> },
): Promise<() => Promise<void>>;
