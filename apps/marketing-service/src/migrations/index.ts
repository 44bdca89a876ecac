import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261208000000 } from './Migration20261208000000';
import { Migration20261208100000 } from './Migration20261208100000';
import { Migration20261208200000 } from './Migration20261208200000';
import { Migration20261209000000 } from './Migration20261209000000';
import { Migration20261209100000 } from './Migration20261209100000';
import { Migration20261212200000 } from './Migration20261212200000';
import { Migration20261207051931 } from './Migration20261207051931';

/** Every migration of marketing-service, oldest first. The schema itself is created by the migrator. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261208000000', class: Migration20261208000000 },
  { name: 'Migration20261208100000', class: Migration20261208100000 },
  { name: 'Migration20261208200000', class: Migration20261208200000 },
  { name: 'Migration20261209000000', class: Migration20261209000000 },
  { name: 'Migration20261209100000', class: Migration20261209100000 },
  { name: 'Migration20261212200000', class: Migration20261212200000 },
  { name: 'Migration20261207051931', class: Migration20261207051931 },
];
