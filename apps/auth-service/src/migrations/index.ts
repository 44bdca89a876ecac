import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000 } from './Migration20261122000000';
import { Migration20261125010000 } from './Migration20261125010000';
import { Migration20261127000000 } from './Migration20261127000000';
import { Migration20261207153300 } from './Migration20261207153300';
import { Migration20261207044000 } from './Migration20261207044000';

/** Every migration of auth-service, oldest first. The schema itself is created by the migrator. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261122000000', class: Migration20261122000000 },
  { name: 'Migration20261125010000', class: Migration20261125010000 },
  { name: 'Migration20261127000000', class: Migration20261127000000 },
  { name: 'Migration20261207153300', class: Migration20261207153300 },
  { name: 'Migration20261207044000', class: Migration20261207044000 },
];
