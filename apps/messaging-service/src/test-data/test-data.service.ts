import { Injectable } from '@nestjs/common';
import type { TestDataDeletedResponse } from '@parley/contracts';
import { TestDataQueries } from './test-data.queries';

/** Test data (docs/inbox.md, "Test data"): what the simulator made, removable in one action. */
@Injectable()
export class TestDataService {
  constructor(private readonly queries: TestDataQueries) {}

  /** Every simulated customer of the owner, and their messages, leads and conversations; nothing else. */
  delete(ownerId: string): Promise<TestDataDeletedResponse> {
    return this.queries.deleteAll(ownerId);
  }
}
