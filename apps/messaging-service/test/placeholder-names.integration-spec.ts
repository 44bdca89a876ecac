import { randomUUID } from 'node:crypto';
import { type CustomerResponse, type MessageResponse, MESSAGING_SUBJECTS } from '@parley/contracts';
import { Migration20261208200000 } from '../src/migrations/Migration20261208200000';
import { MessagingTestKit } from './messaging-test-kit';

/**
 * Customers stored before profile names were read carry a placeholder name, "Facebook user 1234" (the
 * platform and the end of their page-scoped id). Migration20261208200000 makes them unnamed, and leaves
 * every real name alone.
 */
describe('messaging-service: placeholder names of old channel customers', () => {
  const kit = MessagingTestKit.start('messaging-placeholder-names-test');

  const fromChannel = (owner: string, platform: string, psid: string, senderName: string) =>
    kit.ingest(owner, {
      platform,
      platformUsername: psid,
      senderName,
      content: 'Do you ship to Seville?',
      platformMessageId: `m_${randomUUID()}`,
      channel: { pageId: '1784523' },
    });

  /** Runs the migration's statements as the migrator would on an existing database. */
  async function migrate() {
    const migration = new Migration20261208200000(undefined as never, undefined as never);
    await migration.up();
    await kit.db.query('set search_path to messaging_service');
    for (const query of migration.getQueries()) await kit.db.query(query as string);
    await kit.db.query('reset search_path');
  }

  it('clears "<Platform> user <last 4 of their id>" on the customer and their messages; real names stay', async () => {
    const owner = await kit.quietOwner();
    // What the old integrations-service handed over for customers it could not name.
    const messenger = await fromChannel(owner, 'facebook', '6723108841234', 'Facebook user 1234');
    const instagram = await fromChannel(owner, 'instagram', '17841400005678', 'Instagram user 5678');
    const whatsapp = await fromChannel(owner, 'whatsapp', '34600111222', 'WhatsApp user 1222');
    // Real names, one of them the same words with another id's digits, and a simulated customer.
    const named = await fromChannel(owner, 'facebook', '6723108849999', 'Lucía Romero');
    const lookalike = await fromChannel(owner, 'facebook', '6723108840000', 'Facebook user 1234');
    const simulated = await kit.ingest(owner, {
      platform: 'facebook',
      platformUsername: '4321',
      senderName: 'Facebook user 4321',
    });

    await migrate();

    const name = async (customerId: string) =>
      (await kit.send<CustomerResponse>(MESSAGING_SUBJECTS.getCustomer, owner, { id: customerId })).name;
    expect(await name(messenger.customerId)).toBe('');
    expect(await name(instagram.customerId)).toBe('');
    expect(await name(whatsapp.customerId)).toBe('');
    expect(await name(named.customerId)).toBe('Lucía Romero');
    expect(await name(lookalike.customerId)).toBe('Facebook user 1234');
    expect(await name(simulated.customerId)).toBe('Facebook user 4321');

    const { items: messages } = await kit.page<MessageResponse>(MESSAGING_SUBJECTS.listMessages, owner, {});
    const byCustomer = new Map(messages.map((m) => [m.customerId, m.customerName]));
    expect(byCustomer.get(messenger.customerId)).toBe('');
    expect(byCustomer.get(instagram.customerId)).toBe('');
    expect(byCustomer.get(named.customerId)).toBe('Lucía Romero');
    expect(byCustomer.get(simulated.customerId)).toBe('Facebook user 4321');

    // The next message that carries a name fills the emptied one.
    await fromChannel(owner, 'facebook', '6723108841234', 'Marta Gil');
    expect(await name(messenger.customerId)).toBe('Marta Gil');
  });
});
