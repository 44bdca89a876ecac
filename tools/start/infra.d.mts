// Types of infra.mjs for the TypeScript spec that imports it.
export declare function ensureInfrastructure(options: {
  /** DATABASE_URL, NATS_URL and REDIS_URL (all three set), and the PATH that finds `docker`. */
  env: NodeJS.ProcessEnv;
  /** The repository: `docker compose` runs here. */
  cwd: string;
  /** Progress lines; console.log by default. */
  log?: (line: string) => void;
}): Promise<void>;
export declare function adminUrl(url: string): string;
export interface Unreachable {
  name: string;
  /** Its service in compose.infra.yml. */
  service: 'postgres' | 'nats' | 'redis';
  variable: 'DATABASE_URL' | 'NATS_URL' | 'REDIS_URL';
  url: string;
  problem: string;
}
export declare function unreachable(env: NodeJS.ProcessEnv): Promise<Unreachable[]>;
