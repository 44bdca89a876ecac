import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { TestDataDeletedResponse } from '@parley/contracts';
import { sql } from '@parley/server-kit';

/** The SQL of test data: the simulator's customers (`is_test`) and what hangs on them. */
@Injectable()
export class TestDataQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * Deletes the owner's test customers with their leads and messages (their conversations go with them: on
   * delete cascade), in one transaction, and counts each. Only rows of the owner's test customers: a real
   * customer is never a test one (the simulator makes its own, Migration20261130140000). The leads and
   * messages would go with their customer anyway (on delete cascade); they are deleted first to be counted.
   */
  deleteAll(ownerId: string): Promise<TestDataDeletedResponse> {
    // sql() on the transactional EntityManager runs on the transaction's connection.
    return this.em.transactional(async (em) => {
      const count = async (statement: string) => {
        const [row] = await sql<{ n: string }>(
          em,
          `with gone as (${statement} returning 1) select count(*) as n from gone`,
          [ownerId],
        );
        return Number(row.n);
      };
      const test = 'select id from customers where owner_id = ? and is_test';
      const leads = await count(`delete from leads where customer_id = any(array(${test}))`);
      const messages = await count(`delete from messages where customer_id = any(array(${test}))`);
      const customers = await count('delete from customers where owner_id = ? and is_test');
      return { customers, messages, leads };
    });
  }
}
