import type { TestAgentResponse } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FakeRoutes, json, lastBodyOf, requestsTo } from '../../../test/fake-api';
import { renderSignedIn } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';
import { anAiConfig, configuredShop } from '../../../test/fixtures/ai-config';
import { LANGUAGE_STORAGE_KEY } from '../../language';
import { WELCOME_SEEN_KEY } from '../components/WelcomeOverlay';

const ANSWER: TestAgentResponse = {
  response: 'We ship to all EU countries within 3 days.',
  analysis: { intent: 'order_status', urgency: 'medium', lead_potential: 'high' },
};

async function openChat(routes: FakeRoutes = {}, setupCompleted = true) {
  window.localStorage.setItem(WELCOME_SEEN_KEY, 'true');
  const rendered = renderSignedIn('/dashboard?tab=test-agent', undefined, {
    'GET /api/ai-config': () => json(200, setupCompleted ? configuredShop : anAiConfig()),
    'POST /api/ai/test-agent': () => json(200, ANSWER),
    ...routes,
  });
  if (setupCompleted) await screen.findByTestId('test-agent-chat');
  return rendered;
}

function input() {
  return screen.getByTestId('test-agent-input');
}

describe('dashboard test agent', () => {
  it('shows Almost Ready with a way to the business setup before the setup is done', async () => {
    await openChat({}, false);

    const prompt = await screen.findByTestId('test-agent-almost-ready');
    expect(prompt).toHaveTextContent('Almost Ready');
    expect(within(prompt).getByRole('link', { name: 'Complete Business Setup' })).toHaveAttribute(
      'href',
      '/business-setup',
    );
    expect(screen.queryByTestId('test-agent-chat')).not.toBeInTheDocument();
  });

  it('Enter sends the message; the answer comes with its intent, urgency and lead potential', async () => {
    const { fetchSpy } = await openChat();

    await userEvent.type(input(), 'Where is my order?{Enter}');

    const reply = await screen.findByTestId('test-agent-reply');
    expect(reply).toHaveTextContent('We ship to all EU countries within 3 days.');
    expect(within(reply).getByTestId('test-agent-intent')).toHaveTextContent('Intent: Order status');
    expect(within(reply).getByTestId('test-agent-urgency')).toHaveTextContent('Urgency: Medium');
    expect(within(reply).getByTestId('test-agent-lead-potential')).toHaveTextContent('Lead potential: High');
    expect(screen.getByTestId('test-agent-user-message')).toHaveTextContent('Where is my order?');
    expect(await lastBodyOf(fetchSpy, 'POST /api/ai/test-agent')).toEqual({
      message: 'Where is my order?',
      platform: 'test',
    });
    expect(input()).toHaveValue('');
  });

  it('Shift+Enter starts a new line instead of sending', async () => {
    const { fetchSpy } = await openChat();

    await userEvent.type(input(), 'First line{Shift>}{Enter}{/Shift}second line');

    expect(input()).toHaveValue('First line\nsecond line');
    expect(requestsTo(fetchSpy, 'POST /api/ai/test-agent')).toHaveLength(0);

    await userEvent.type(input(), '{Enter}');
    await waitFor(() => expect(requestsTo(fetchSpy, 'POST /api/ai/test-agent')).toHaveLength(1));
    expect(await lastBodyOf(fetchSpy, 'POST /api/ai/test-agent')).toMatchObject({
      message: 'First line\nsecond line',
    });
  });

  it('ignores an empty or blank message', async () => {
    const { fetchSpy } = await openChat();

    await userEvent.type(input(), '{Enter}   {Enter}');

    expect(requestsTo(fetchSpy, 'POST /api/ai/test-agent')).toHaveLength(0);
    expect(screen.queryByTestId('test-agent-user-message')).not.toBeInTheDocument();
    expect(screen.getByTestId('test-agent-send')).toBeDisabled();
  });

  it('shows Thinking... while the agent answers', async () => {
    let answer: (response: Response) => void = () => undefined;
    await openChat({
      'POST /api/ai/test-agent': () => new Promise<Response>((resolve) => (answer = resolve)),
    });

    await userEvent.type(input(), 'Hello{Enter}');

    expect(await screen.findByTestId('test-agent-thinking')).toHaveTextContent('Thinking...');
    answer(json(200, ANSWER));
    await screen.findByTestId('test-agent-reply');
    expect(screen.queryByTestId('test-agent-thinking')).not.toBeInTheDocument();
  });

  it('sends a suggestion chip', async () => {
    const { fetchSpy } = await openChat();

    await userEvent.click(screen.getByRole('button', { name: 'Do you ship internationally?' }));

    await screen.findByTestId('test-agent-reply');
    expect(await lastBodyOf(fetchSpy, 'POST /api/ai/test-agent')).toEqual({
      message: 'Do you ship internationally?',
      platform: 'test',
    });
  });

  it('Clear Chat empties the conversation', async () => {
    await openChat();
    await userEvent.type(input(), 'Hello{Enter}');
    await screen.findByTestId('test-agent-reply');

    await userEvent.click(screen.getByRole('button', { name: 'Clear Chat' }));

    expect(screen.queryByTestId('test-agent-reply')).not.toBeInTheDocument();
    expect(screen.queryByTestId('test-agent-user-message')).not.toBeInTheDocument();
  });

  it('answers with an apology when the agent reply is empty', async () => {
    await openChat({ 'POST /api/ai/test-agent': () => json(200, { ...ANSWER, response: '' }) });

    await userEvent.type(input(), 'Hello{Enter}');

    expect(await screen.findByTestId('test-agent-reply')).toHaveTextContent(
      "I'm sorry, I'm having trouble processing your message right now. Please try again.",
    );
  });

  it('QUOTA_EXCEEDED: API Limit Reached', async () => {
    await openChat({
      'POST /api/ai/test-agent': () =>
        json(429, { message: 'API call limit reached', code: 'QUOTA_EXCEEDED' }),
    });

    await userEvent.type(input(), 'Hello{Enter}');

    const toast = await findToast(
      "You've reached your API call limit. Please purchase additional calls to continue testing.",
    );
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('API Limit Reached')).toBe(true);
  });

  it("RATE_LIMITED is no spent quota: Test Error with the server's words", async () => {
    await openChat({
      'POST /api/ai/test-agent': () =>
        json(429, { message: 'Too many requests. Try again in a minute.', code: 'RATE_LIMITED' }),
    });

    await userEvent.type(input(), 'Hello{Enter}');

    const toast = await findToast('Too many requests. Try again in a minute.');
    expect(toast.hasTitle('Test Error')).toBe(true);
  });

  it('SETUP_REQUIRED (the business setup is missing), whatever the words: Setup Required', async () => {
    await openChat({
      'POST /api/ai/test-agent': () => json(400, { message: 'Setup first', code: 'SETUP_REQUIRED' }),
    });

    await userEvent.type(input(), 'Hello{Enter}');

    const toast = await findToast('Please complete your business setup before testing the AI agent.');
    expect(toast.hasTitle('Setup Required')).toBe(true);
  });

  it("VALIDATION_FAILED about a field: Test Error with the server's words", async () => {
    await openChat({
      'POST /api/ai/test-agent': () =>
        json(400, { message: 'The message is too long', code: 'VALIDATION_FAILED', field: 'message' }),
    });

    await userEvent.type(input(), 'Hello{Enter}');

    const toast = await findToast('The message is too long');
    expect(toast.hasTitle('Test Error')).toBe(true);
  });

  it('other failures: Test Error', async () => {
    await openChat({
      'POST /api/ai/test-agent': () =>
        json(503, { message: 'The AI agent is unavailable', code: 'SERVICE_UNAVAILABLE' }),
    });

    await userEvent.type(input(), 'Hello{Enter}');

    const toast = await findToast('The AI agent is unavailable');
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Test Error')).toBe(true);
  });
});

describe("the setup checklist's test step", () => {
  function testStep() {
    const step = screen
      .getAllByTestId('setup-step')
      .find((candidate) => candidate.dataset.step === 'test-agent');
    if (!step) throw new Error('No test-agent step in the checklist');
    return step;
  }

  it('is done once the owner has had a first test chat, as soon as the chat answers', async () => {
    let testedAt: string | null = null;
    const { fetchSpy } = await openChat({
      'GET /api/ai-config': () => json(200, { ...configuredShop, agentTestedAt: testedAt }),
      'POST /api/ai/test-agent': () => {
        testedAt = '2024-06-01T10:00:00.000Z';
        return json(200, ANSWER);
      },
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(testStep()).toHaveAttribute('data-completed', 'false');
    const configReads = requestsTo(fetchSpy, 'GET /api/ai-config').length;

    await userEvent.click(screen.getByRole('tab', { name: 'Test Agent' }));
    await userEvent.type(input(), 'Hello{Enter}');
    await screen.findByTestId('test-agent-reply');
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));

    await waitFor(() => expect(testStep()).toHaveAttribute('data-completed', 'true'));
    expect(requestsTo(fetchSpy, 'GET /api/ai-config')).toHaveLength(configReads + 1);
  });

  it('stays done on a later visit', async () => {
    window.localStorage.setItem(WELCOME_SEEN_KEY, 'true');
    renderSignedIn('/', undefined, {
      'GET /api/ai-config': () => json(200, { ...configuredShop, agentTestedAt: '2024-06-01T10:00:00.000Z' }),
    });

    await waitFor(() => expect(testStep()).toHaveAttribute('data-completed', 'true'));
    expect(screen.getByTestId('setup-progress')).toHaveTextContent('25%');
  });

  // Typing, an answer, saving and the list refetched: past Jest's 15 s on a busy 2-core machine.
  it('saves a message with one click as a test case, listed under the chat', async () => {
    let cases: unknown[] = [];
    const saved = {
      id: 't-1',
      message: 'Where is my order?',
      expected: null,
      createdAt: '2026-12-07T10:00:00.000Z',
    };
    const { fetchSpy } = await openChat({
      'GET /api/ai/test-cases': () => json(200, cases),
      'POST /api/ai/test-cases': () => {
        cases = [saved];
        return json(201, saved);
      },
    });
    await userEvent.type(input(), 'Where is my order?{Enter}');
    await screen.findByTestId('test-agent-reply');

    await userEvent.click(screen.getByTestId('test-agent-save-case'));

    expect((await findToast('Saved as a test case.')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'POST /api/ai/test-cases')).toEqual({ message: 'Where is my order?' });
    await waitFor(() =>
      expect(screen.getByTestId('saved-test-cases')).toHaveTextContent('Saved test cases (1)'),
    );
  }, 40_000);
});

describe('the test chat says what a test answer costs', () => {
  it.each([
    ['en', 'Each test answer uses one API call from your plan.'],
    ['es', 'Cada respuesta de prueba usa una llamada a la API de tu plan.'],
    ['ar', 'كل إجابة اختبار تستهلك طلب واجهة API واحدًا من باقتك.'],
  ] as const)('in %s, beside the chat', async (language, note) => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    await openChat();

    expect(within(screen.getByTestId('test-agent-chat')).getByTestId('test-agent-cost')).toHaveTextContent(
      note,
    );
  });
});
