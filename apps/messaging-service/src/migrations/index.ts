import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000 } from './Migration20261122000000';
import { Migration20261122100000 } from './Migration20261122100000';
import { Migration20261124000000 } from './Migration20261124000000';
import { Migration20261125100000 } from './Migration20261125100000';
import { Migration20261125200000 } from './Migration20261125200000';
import { Migration20261126000000 } from './Migration20261126000000';
import { Migration20261127000000 } from './Migration20261127000000';
import { Migration20261127100000 } from './Migration20261127100000';
import { Migration20261128000000 } from './Migration20261128000000';
import { Migration20261128100000 } from './Migration20261128100000';
import { Migration20261129000000 } from './Migration20261129000000';
import { Migration20261130200000 } from './Migration20261130200000';
import { Migration20261207140000 } from './Migration20261207140000';
import { Migration20261208100000 } from './Migration20261208100000';
import { Migration20261208200000 } from './Migration20261208200000';
import { Migration20261208300000 } from './Migration20261208300000';
import { Migration20261130140000 } from './Migration20261130140000';
import { Migration20261209100000 } from './Migration20261209100000';
import { Migration20261210100000 } from './Migration20261210100000';
import { Migration20261210200000 } from './Migration20261210200000';
import { Migration20261211100000 } from './Migration20261211100000';

/** Every migration of messaging-service, oldest first. The schema itself is created by the migrator. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261122000000', class: Migration20261122000000 },
  { name: 'Migration20261122100000', class: Migration20261122100000 },
  { name: 'Migration20261124000000', class: Migration20261124000000 },
  { name: 'Migration20261125100000', class: Migration20261125100000 },
  { name: 'Migration20261125200000', class: Migration20261125200000 },
  { name: 'Migration20261126000000', class: Migration20261126000000 },
  { name: 'Migration20261127000000', class: Migration20261127000000 },
  { name: 'Migration20261127100000', class: Migration20261127100000 },
  { name: 'Migration20261128000000', class: Migration20261128000000 },
  { name: 'Migration20261128100000', class: Migration20261128100000 },
  { name: 'Migration20261129000000', class: Migration20261129000000 },
  { name: 'Migration20261130200000', class: Migration20261130200000 },
  { name: 'Migration20261207140000', class: Migration20261207140000 },
  { name: 'Migration20261130140000', class: Migration20261130140000 },
  { name: 'Migration20261208100000', class: Migration20261208100000 },
  { name: 'Migration20261208200000', class: Migration20261208200000 },
  { name: 'Migration20261208300000', class: Migration20261208300000 },
  { name: 'Migration20261209100000', class: Migration20261209100000 },
  { name: 'Migration20261210100000', class: Migration20261210100000 },
  { name: 'Migration20261210200000', class: Migration20261210200000 },
  { name: 'Migration20261211100000', class: Migration20261211100000 },
];
