import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261125300000 } from './Migration20261125300000';
import { Migration20261129200000 } from './Migration20261129200000';
import { Migration20261129300000 } from './Migration20261129300000';
import { Migration20261129400000 } from './Migration20261129400000';
import { Migration20261201100000 } from './Migration20261201100000';
import { Migration20261203100000 } from './Migration20261203100000';
import { Migration20261210100000 } from './Migration20261210100000';
import { Migration20261214100000 } from './Migration20261214100000';
import { Migration20261216100000 } from './Migration20261216100000';
import { Migration20261207042000 } from './Migration20261207042000';

/** Every migration of integrations-service, oldest first. The schema itself is created by the migrator. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261125300000', class: Migration20261125300000 },
  { name: 'Migration20261129200000', class: Migration20261129200000 },
  { name: 'Migration20261129300000', class: Migration20261129300000 },
  { name: 'Migration20261129400000', class: Migration20261129400000 },
  { name: 'Migration20261201100000', class: Migration20261201100000 },
  { name: 'Migration20261203100000', class: Migration20261203100000 },
  { name: 'Migration20261210100000', class: Migration20261210100000 },
  { name: 'Migration20261214100000', class: Migration20261214100000 },
  { name: 'Migration20261216100000', class: Migration20261216100000 },
  { name: 'Migration20261207042000', class: Migration20261207042000 },
];
