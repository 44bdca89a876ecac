import { screen, within } from '@testing-library/react';
import { aConversation } from '../../../test/fixtures/conversations';
import { aCustomer } from '../../../test/fixtures/customers';
import { aMessage } from '../../../test/fixtures/messages';
import { setViewportWidth } from '../../../test/viewport';
import { janeServer, openInbox } from './fake-inbox';

beforeEach(() => setViewportWidth(1280));

/** Test data (docs/inbox.md, "Test data"): the simulator's customers carry a Test badge; their replies went nowhere. */
describe('/inbox: test data', () => {
  const server = () =>
    janeServer({
      conversations: [
        aConversation({ isTest: true, minutesAgo: 1 }),
        aConversation({ customerId: 'c-2', customerName: 'Omar Haddad', reachable: true, minutesAgo: 5 }),
      ],
      customers: [
        aCustomer({ isTest: true }),
        aCustomer({ id: 'c-2', name: 'Omar Haddad', reachable: true }),
      ],
      threads: {
        'c-1': [
          aMessage({
            id: 'm-2',
            direction: 'outgoing',
            aiGenerated: true,
            status: 'simulated',
            content: 'Yes, we ship to Spain.',
            isTest: true,
          }),
          aMessage({ status: 'responded', isTest: true, minutesAgo: 1 }),
        ],
      },
      leads: {
        'c-1': [
          {
            id: 'l-1',
            customerId: 'c-1',
            source: 'instagram',
            value: null,
            status: 'new',
            createdAt: '2024-05-02T10:00:00.000Z',
            isTest: true,
          },
        ],
      },
    });

  it('badges the simulated conversation in the list, and only it', async () => {
    openInbox(server());
    const items = await screen.findAllByTestId('conversation-item');
    expect(
      items.map((item) => [
        within(item).getByTestId('conversation-name').textContent,
        within(item).queryByTestId('test-badge')?.textContent ?? null,
      ]),
    ).toEqual([
      ['Jane Smith', 'Test'],
      ['Omar Haddad', null],
    ]);
  });

  it('badges the thread and its lead, and says the reply was not sent anywhere (not that it was sent)', async () => {
    openInbox(server(), '/inbox?customer=c-1');
    const header = await screen.findByTestId('thread-header');
    expect(await within(header).findByTestId('test-badge')).toHaveTextContent('Test');
    const reply = (await screen.findAllByTestId('thread-message')).find((m) => m.dataset.messageId === 'm-2');
    expect(reply?.dataset.status).toBe('simulated');
    expect(within(reply as HTMLElement).getByTestId('thread-message-undelivered')).toHaveTextContent(
      'Test conversation: this reply was not sent anywhere.',
    );
    expect(reply).not.toHaveTextContent('Sent');
    const lead = await screen.findByTestId('contact-lead');
    expect(within(lead).getByTestId('test-badge')).toHaveTextContent('Test');
  });
});
