import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261125032531 } from './Migration20261125032531';
import { Migration20261208100000 } from './Migration20261208100000';
import { Migration20261208211735 } from './Migration20261208211735';

/** Every migration of catalogue-service, oldest first. The schema itself is created by the migrator. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261125032531', class: Migration20261125032531 },
  { name: 'Migration20261208100000', class: Migration20261208100000 },
  { name: 'Migration20261208211735', class: Migration20261208211735 },
];
