import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000 } from './Migration20261122000000';
import { Migration20261122010000 } from './Migration20261122010000';
import { Migration20261201000000 } from './Migration20261201000000';
import { Migration20261218000000 } from './Migration20261218000000';
import { Migration20261219000000 } from './Migration20261219000000';
import { Migration20261207043000 } from './Migration20261207043000';

/** Every migration of billing-service, oldest first. The schema itself is created by the migrator. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261122000000', class: Migration20261122000000 },
  { name: 'Migration20261122010000', class: Migration20261122010000 },
  { name: 'Migration20261201000000', class: Migration20261201000000 },
  { name: 'Migration20261218000000', class: Migration20261218000000 },
  { name: 'Migration20261219000000', class: Migration20261219000000 },
  { name: 'Migration20261207043000', class: Migration20261207043000 },
];
