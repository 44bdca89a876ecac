import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../test/fake-api';
import { FakeWebSocket } from '../../test/fake-websocket';
import { configuredShop } from '../../test/fixtures/ai-config';
import { renderSignedIn } from '../../test/render-app';
import { findToast } from '../../test/toasts';
import { WELCOME_SEEN_KEY } from '../../features/dashboard/components/WelcomeOverlay';
import { LANGUAGE_STORAGE_KEY } from '../../features/language';

/** The test chat, whose failures are toasts, with the tab's socket open. */
async function openTestChat() {
  window.localStorage.setItem(WELCOME_SEEN_KEY, 'true');
  renderSignedIn('/dashboard?tab=test-agent', undefined, {
    'GET /api/ai-config': () => json(200, configuredShop),
    'POST /api/ai/test-agent': () => json(503, { message: 'The AI agent is unavailable' }),
  });
  await screen.findByTestId('test-agent-chat');
  const socket = FakeWebSocket.latest();
  act(() => socket.open());
  return socket;
}

async function failAMessage(text: string) {
  await userEvent.type(screen.getByTestId('test-agent-input'), `${text}{Enter}`);
}

const PLACEMENT = /^ant-notification-((?:top|bottom)(?:Left|Right)?)$/;

/** The antd lists of notices on the page, by placement ('bottomRight'…), with how many each holds. */
function stacks(): Record<string, number> {
  return Object.fromEntries(
    Array.from(document.querySelectorAll<HTMLElement>('.ant-notification'), (stack) => [
      Array.from(stack.classList, (name) => PLACEMENT.exec(name)?.[1]).find(Boolean),
      stack.querySelectorAll('.ant-notification-notice').length,
    ]),
  );
}

describe('toasts and the realtime popup', () => {
  it('share one stack at the bottom right, away from the page header', async () => {
    const socket = await openTestChat();

    act(() => socket.receive({ type: 'new_message', message: 'New message from Jane Smith' }));
    await failAMessage('Hello');
    await findToast('The AI agent is unavailable');

    expect(screen.getByTestId('realtime-popup')).toHaveTextContent('New message from Jane Smith');
    await waitFor(() => expect(stacks()).toEqual({ bottomRight: 2 }));
  });

  it('show one toast at a time beside the popup: a new toast replaces the last, not the popup', async () => {
    const socket = await openTestChat();
    act(() => socket.receive({ type: 'new_lead', message: 'New lead: Jane Smith' }));
    await failAMessage('Hello');
    await findToast('The AI agent is unavailable');

    act(() => socket.receive({ type: 'new_customer', message: 'New customer: Omar' }));
    await failAMessage('Again');

    await waitFor(() => expect(screen.getByTestId('realtime-popup')).toHaveTextContent('New customer: Omar'));
    expect(screen.getAllByText('The AI agent is unavailable')).toHaveLength(1);
    expect(stacks()).toEqual({ bottomRight: 2 });
  });

  it('stack at the bottom left in Arabic, the end side of a right-to-left page', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    const socket = await openTestChat();

    act(() => socket.receive({ type: 'new_message', message: 'New message from Jane Smith' }));
    await failAMessage('مرحبا');
    await findToast('The AI agent is unavailable');

    await waitFor(() => expect(stacks()).toEqual({ bottomLeft: 2 }));
  });
});
