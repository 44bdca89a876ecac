import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, lastBodyOf, queryOf, requestsTo } from '../../../test/fake-api';
import { anIntegration } from '../../../test/fixtures/integrations';
import { aMessage } from '../../../test/fixtures/messages';
import { renderSignedIn } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';
import { setViewportWidth } from '../../../test/viewport';

beforeEach(() => setViewportWidth(1280));

/** The open dialog titled `title`, found by its title's text. */
async function findDialog(title: string): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('.ant-modal');
  if (!dialog) throw new Error(`"${title}" is not a dialog's title`);
  return dialog;
}

/** Test data (docs/inbox.md, "Test data") on the messages page, the sidebar's switch and the dashboard. */
describe('test data', () => {
  it('badges a simulated message Test on its card, and a real one not', async () => {
    renderSignedIn('/messages', undefined, {
      'GET /api/messages': () =>
        json(200, [aMessage({ id: 'm-test', isTest: true }), aMessage({ id: 'm-real', minutesAgo: 3 })]),
    });
    const cards = await screen.findAllByTestId('message-card');
    expect(
      cards.map((card) => [
        card.dataset.messageId,
        within(card).queryByTestId('test-badge')?.textContent ?? null,
      ]),
    ).toEqual([
      ['m-test', 'Test'],
      ['m-real', null],
    ]);
  });

  it('shows test data by default; the sidebar switch hides it from the lists and figures, and shows it again', async () => {
    const { fetchSpy } = renderSignedIn('/messages', undefined, { 'GET /api/messages': () => json(200, []) });
    await screen.findByTestId('messages-empty');
    expect(requestsTo(fetchSpy, 'GET /api/messages').map(queryOf)).toEqual([{}]);

    const toggle = screen.getByTestId('test-data-switch');
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleName('Show test data');
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    await waitFor(() =>
      expect(requestsTo(fetchSpy, 'GET /api/messages').map(queryOf)).toEqual([{}, { includeTest: 'false' }]),
    );
    // The choice is kept for the next visit.
    expect(window.localStorage.getItem('parley.showTestData')).toBe('false');

    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    await waitFor(() => expect(screen.getByTestId('messages-empty')).toBeInTheDocument());
  });

  it('asks the dashboard figures without test data while it is hidden', async () => {
    window.localStorage.setItem('parley.showTestData', 'false');
    const { fetchSpy } = renderSignedIn('/dashboard', undefined, {
      'GET /api/messages': () => json(200, []),
      'GET /api/stats': () =>
        json(200, { totalMessages: 0, newLeads: 0, conversionRate: 0, avgResponseTime: 0 }),
    });
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/stats')).toHaveLength(1));
    expect(queryOf(requestsTo(fetchSpy, 'GET /api/stats')[0])).toEqual({ includeTest: 'false' });
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/messages').length).toBeGreaterThan(0));
    for (const request of requestsTo(fetchSpy, 'GET /api/messages'))
      expect(queryOf(request).includeTest).toBe('false');
  });

  it('deletes every test data after a confirmation, says how much went, and refreshes the lists', async () => {
    const { fetchSpy } = renderSignedIn('/messages', undefined, {
      'GET /api/messages': () => json(200, []),
      'DELETE /api/test-data': () => json(200, { customers: 2, messages: 5, leads: 1 }),
    });
    await screen.findByTestId('messages-empty');
    await userEvent.click(screen.getByTestId('test-data-delete'));
    const dialog = await findDialog('Delete all test data?');
    expect(dialog).toHaveTextContent('Real customers are not touched.');
    expect(requestsTo(fetchSpy, 'DELETE /api/test-data')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const toast = await findToast('Test data deleted: 2 customers, 5 messages, 1 leads.');
    expect(toast.kind).toBe('success');
    expect(requestsTo(fetchSpy, 'DELETE /api/test-data')).toHaveLength(1);
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/messages')).toHaveLength(2));
  });
});

describe('Simulate Message: the platform it starts on', () => {
  async function openDialog(integrations: unknown[]) {
    const rendered = renderSignedIn('/messages', undefined, {
      'GET /api/messages': () => json(200, []),
      'GET /api/social-integrations': () => json(200, integrations),
      'POST /api/simulate-message': () => json(201, { messageId: 'm-9', customerId: 'c-9', stored: true }),
    });
    await screen.findByTestId('messages-empty');
    await userEvent.click(screen.getByRole('button', { name: 'Simulate Message' }));
    await screen.findByTestId('simulate-form');
    return rendered;
  }

  it('with no platform connected: none, a note saying so, and nothing sent until the owner chooses', async () => {
    const { fetchSpy } = await openDialog([]);
    expect(await screen.findByTestId('simulate-no-platform')).toHaveTextContent(
      'No platform is connected yet',
    );
    expect(screen.getByTestId('simulate-platform')).toHaveTextContent('Choose a platform');
    expect(screen.getByTestId('simulate-platform')).not.toHaveTextContent('Instagram');

    await userEvent.type(screen.getByTestId('simulate-sender-name'), 'Jane Smith');
    await userEvent.type(screen.getByTestId('simulate-platform-username'), 'jane.smith');
    await userEvent.type(screen.getByTestId('simulate-content'), 'Hello');
    await userEvent.click(screen.getByTestId('simulate-submit'));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'POST /api/simulate-message')).toHaveLength(0);
  });

  it('starts on the connected platform when Instagram is not connected', async () => {
    const { fetchSpy } = await openDialog([anIntegration('facebook')]);
    await waitFor(() => expect(screen.getByTestId('simulate-platform')).toHaveTextContent('Facebook'));
    expect(screen.queryByTestId('simulate-no-platform')).not.toBeInTheDocument();

    await userEvent.type(screen.getByTestId('simulate-sender-name'), 'Jane Smith');
    await userEvent.type(screen.getByTestId('simulate-platform-username'), 'jane.smith');
    await userEvent.type(screen.getByTestId('simulate-content'), 'Hello');
    await userEvent.click(screen.getByTestId('simulate-submit'));
    await findToast('A test message has been sent to the AI agent for processing.');
    expect(await lastBodyOf(fetchSpy, 'POST /api/simulate-message')).toMatchObject({ platform: 'facebook' });
  });
});
