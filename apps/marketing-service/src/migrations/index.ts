import type { MigrationObject } from '@mikro-orm/core';

/** Every migration of marketing-service, oldest first. The schema itself is created by the migrator. */
export const migrations: MigrationObject[] = [];
