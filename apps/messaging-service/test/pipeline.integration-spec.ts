import { randomUUID } from 'node:crypto';
import {
  type CustomerResponse,
  ErrorCode,
  type LeadResponse,
  MESSAGING_SUBJECTS,
  type PipelineResponse,
} from '@parley/contracts';
import { MessagingTestKit, until } from './messaging-test-kit';

/**
 * The pipeline board's server side (issue 34 point 6) on messaging-service alone: the time in stage, the
 * last message and the lead value on each customer, the column headers, a stage's column a page at a time,
 * and the event that moves a card in the owner's other tabs. Real PostgreSQL, NATS and Redis.
 */
describe('pipeline', () => {
  const kit = MessagingTestKit.start('messaging-pipeline-test');
  const { send, page, ingest, quietOwner } = kit;

  const add = (owner: string, fields: Record<string, unknown>) =>
    send<CustomerResponse>(MESSAGING_SUBJECTS.createCustomer, owner, { platform: 'instagram', ...fields });
  const move = (owner: string, id: string, stage: string) =>
    send<CustomerResponse>(MESSAGING_SUBJECTS.updateCustomer, owner, { id, changes: { stage } });
  const patch = (owner: string, id: string, changes: Record<string, unknown>) =>
    send<CustomerResponse>(MESSAGING_SUBJECTS.updateContact, owner, { id, changes });
  const pipeline = (owner: string, query: Record<string, string> = {}) =>
    send<PipelineResponse>(MESSAGING_SUBJECTS.pipeline, owner, query);
  const stampedAt = async (id: string) =>
    (
      await kit.db.query<{ at: Date }>(
        'select stage_changed_at as at from messaging_service.customers where id = $1',
        [id],
      )
    ).rows[0].at.toISOString();
  const backdate = (id: string) =>
    kit.db.query(
      `update messaging_service.customers set stage_changed_at = '2020-01-01T00:00:00Z' where id = $1`,
      [id],
    );

  it('stamps when the stage changed, whoever changes it, and nothing else moves the stamp', async () => {
    const owner = await quietOwner();
    const before = Date.now();
    const ana = await add(owner, { name: 'Ana Ruiz', platformUsername: 'ana.r' });
    expect(Date.parse(ana.stageChangedAt)).toBeGreaterThanOrEqual(before - 1000);

    await backdate(ana.id);
    expect((await patch(owner, ana.id, { name: 'Ana María Ruiz', notes: 'VIP' })).stageChangedAt).toBe(
      '2020-01-01T00:00:00.000Z',
    );
    expect((await move(owner, ana.id, 'new')).stageChangedAt).toBe('2020-01-01T00:00:00.000Z');

    const moved = await move(owner, ana.id, 'qualified');
    expect(Date.parse(moved.stageChangedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(moved.stageChangedAt).toBe(await stampedAt(ana.id));

    // The AI's reply batch writes `stage` in its own statement: the trigger stamps that too.
    await backdate(ana.id);
    await kit.db.query(`update messaging_service.customers set stage = 'converted' where id = $1`, [ana.id]);
    expect(Date.parse(await stampedAt(ana.id))).toBeGreaterThanOrEqual(before - 1000);
  });

  it("answers each customer's newest message", async () => {
    const owner = await quietOwner();
    const { customerId } = await ingest(owner, { content: 'Do you ship to Lisbon?' });
    await ingest(owner, { content: 'And to Porto?' });
    const customer = await send<CustomerResponse>(MESSAGING_SUBJECTS.getCustomer, owner, { id: customerId });
    expect(customer.lastMessage).toBe('And to Porto?');
    expect((await add(owner, { name: 'Bo', platformUsername: 'bo' })).lastMessage).toBeNull();
  });

  describe('the lead value', () => {
    it('is set and cleared by PATCH, on their lead; a customer without one gets one', async () => {
      const owner = await quietOwner();
      const bo = await add(owner, { name: 'Bo Lind', platformUsername: 'bo.l' });
      expect(bo.leadValue).toBeNull();
      kit.events.length = 0;

      const valued = await patch(owner, bo.id, { leadValue: 1299.5 });
      expect(valued).toMatchObject({ id: bo.id, stage: 'new', leadValue: 1299.5 });
      const leads = await send<LeadResponse[]>(MESSAGING_SUBJECTS.listCustomerLeads, owner, { customerId: bo.id });
      expect(leads).toEqual([expect.objectContaining({ value: 1299.5, source: 'manual' })]);
      await until(() => kit.events.some((e) => e.ownerId === owner && e.event.type === 'new_lead'));

      // The same lead takes the next value; moving the stage keeps it.
      expect((await patch(owner, bo.id, { leadValue: 80 })).leadValue).toBe(80);
      expect((await move(owner, bo.id, 'qualified')).leadValue).toBe(80);
      const [lead] = await send<LeadResponse[]>(MESSAGING_SUBJECTS.listCustomerLeads, owner, {
        customerId: bo.id,
      });
      expect(lead).toMatchObject({ id: leads[0].id, value: 80 });

      expect((await patch(owner, bo.id, { leadValue: null, notes: 'Call back in May' })).leadValue).toBeNull();
    });

    it('clearing the value of a customer without a lead opens none', async () => {
      const owner = await quietOwner();
      const cy = await add(owner, { name: 'Cy', platformUsername: 'cy' });
      expect((await patch(owner, cy.id, { leadValue: null })).leadValue).toBeNull();
      expect(await send(MESSAGING_SUBJECTS.listCustomerLeads, owner, { customerId: cy.id })).toEqual([]);
    });

    it.each([[-1], [12.345], ['12'], [100_000_000]])('refuses %p, naming leadValue', async (leadValue) => {
      const owner = await quietOwner();
      const dee = await add(owner, { name: 'Dee', platformUsername: 'dee' });
      await expect(patch(owner, dee.id, { leadValue })).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        details: { field: 'leadValue' },
      });
    });

    it("is another owner's business: not found, and nothing changes", async () => {
      const owner = await quietOwner();
      const eve = await add(owner, { name: 'Eve', platformUsername: 'eve' });
      await expect(patch(randomUUID(), eve.id, { leadValue: 10 })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
      });
      expect(await send(MESSAGING_SUBJECTS.listCustomerLeads, owner, { customerId: eve.id })).toEqual([]);
    });
  });

  describe('the board', () => {
    let owner: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      owner = await quietOwner();
      const customers: [string, string, string, number | null][] = [
        ['Ana Ruiz', 'instagram', 'qualified', 1000],
        ['Bob Stone', 'facebook', 'qualified', 250.25],
        ['Carla Diaz', 'instagram', 'qualified', null],
        ['Dan Wu', 'instagram', 'converted', 99.99],
        ['Eva Sol', 'facebook', 'new', null],
      ];
      for (const [name, platform, stage, value] of customers) {
        const c = await add(owner, { name, platform, platformUsername: name.toLowerCase(), stage });
        ids[name] = c.id;
        if (value !== null) await patch(owner, c.id, { leadValue: value });
      }
      // Another owner's customers count for them alone.
      const other = await quietOwner();
      await patch(other, (await add(other, { name: 'Zed', platformUsername: 'zed', stage: 'qualified' })).id, {
        leadValue: 5000,
      });
      // A simulated customer is test data: the board hides it when test data is hidden.
      await ingest(owner, { senderName: 'Tess', platformUsername: 'tess', platform: 'facebook' });
    });

    it("heads every column, in order, with its customers' count and leads' value", async () => {
      expect((await pipeline(owner, { includeTest: 'false' })).stages).toEqual([
        { stage: 'new', count: 1, value: 0 },
        { stage: 'interested', count: 0, value: 0 },
        { stage: 'qualified', count: 3, value: 1250.25 },
        { stage: 'follow-up', count: 0, value: 0 },
        { stage: 'converted', count: 1, value: 99.99 },
      ]);
      expect((await pipeline(owner)).stages[0]).toEqual({ stage: 'new', count: 2, value: 0 });
    });

    it('filters the headers as the columns are filtered: by platform and search', async () => {
      const counts = async (query: Record<string, string>) =>
        (await pipeline(owner, { includeTest: 'false', ...query })).stages.map((s) => [s.count, s.value]);
      expect(await counts({ platform: 'facebook' })).toEqual([
        [1, 0],
        [0, 0],
        [1, 250.25],
        [0, 0],
        [0, 0],
      ]);
      expect(await counts({ q: 'ANA' })).toEqual([
        [0, 0],
        [0, 0],
        [1, 1000],
        [0, 0],
        [0, 0],
      ]);
      await expect(pipeline(owner, { platform: 'myspace' })).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        details: { field: 'platform' },
      });
    });

    it("lists one column a page at a time, each card with its lead's value", async () => {
      const first = await page<CustomerResponse>(MESSAGING_SUBJECTS.listCustomers, owner, {
        stage: 'qualified',
        limit: '2',
      });
      const second = await page<CustomerResponse>(MESSAGING_SUBJECTS.listCustomers, owner, {
        stage: 'qualified',
        limit: '2',
        cursor: first.cursor as string,
      });
      expect(second.cursor).toBeUndefined();
      expect([...first.items, ...second.items].map((c) => [c.name, c.leadValue])).toEqual([
        ['Carla Diaz', null],
        ['Bob Stone', 250.25],
        ['Ana Ruiz', 1000],
      ]);
    });

    it("tells the owner's tabs when a person moves a card, with the new stage", async () => {
      kit.events.length = 0;
      await move(owner, ids['Eva Sol'], 'interested');
      await until(() => kit.events.some((e) => e.event.type === 'customer_updated'));
      expect(kit.events.filter((e) => e.event.type === 'customer_updated')).toEqual([
        {
          ownerId: owner,
          event: { type: 'customer_updated', message: '', data: { customerId: ids['Eva Sol'], stage: 'interested' } },
        },
      ]);
    });
  });
});
