import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { TEST_CASE_LIMIT, type TestCaseResponse } from '@parley/contracts';
import { isoTime, sql } from '@parley/server-kit';

interface TestCaseRow {
  id: string;
  message: string;
  expected: string | null;
  /** A timestamptz comes as text (see isoTime). */
  created_at: string;
}

const COLUMNS = 'id, message, expected, created_at';

function testCaseFromRow(row: TestCaseRow): TestCaseResponse {
  return { id: row.id, message: row.message, expected: row.expected, createdAt: isoTime(row.created_at) };
}

/** The SQL of saved test-chat cases: the only place that reads or writes `test_cases`. */
@Injectable()
export class TestCasesQueries {
  constructor(private readonly em: EntityManager) {}

  /** The owner's cases, newest first (at most TEST_CASE_LIMIT are ever kept). */
  async list(ownerId: string): Promise<TestCaseResponse[]> {
    const rows = await sql<TestCaseRow>(
      this.em,
      `select ${COLUMNS} from test_cases where owner_id = ? order by created_at desc, id desc limit ${TEST_CASE_LIMIT}`,
      [ownerId],
    );
    return rows.map(testCaseFromRow);
  }

  /**
   * Stores the case unless the owner already keeps TEST_CASE_LIMIT (undefined then); the transaction holds a lock on
   * the owner's key, so two saves at once cannot pass the limit.
   */
  async insert(
    id: string,
    ownerId: string,
    message: string,
    expected: string | null,
  ): Promise<TestCaseResponse | undefined> {
    return this.em.transactional(async (em) => {
      await sql(em, 'select pg_advisory_xact_lock(hashtext(?))', [`test_cases:${ownerId}`]);
      const [row] = await sql<TestCaseRow>(
        em,
        `insert into test_cases (id, owner_id, message, expected)
         select ?, ?, ?, ? where (select count(*) from test_cases where owner_id = ?) < ${TEST_CASE_LIMIT}
         returning ${COLUMNS}`,
        [id, ownerId, message, expected, ownerId],
      );
      return row && testCaseFromRow(row);
    });
  }

  /** Whether the owner had a case with this id. */
  async delete(ownerId: string, id: string): Promise<boolean> {
    const rows = await sql(this.em, 'delete from test_cases where id = ? and owner_id = ? returning id', [
      id,
      ownerId,
    ]);
    return rows.length > 0;
  }
}
