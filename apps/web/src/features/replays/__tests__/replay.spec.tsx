import type { KnowledgeItemResponse, ReplayResponse, ReplayResult } from '@parley/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, lastBodyOf, requestsTo } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { aKnowledgeItem } from '../../../test/fixtures/training';
import { renderSignedIn } from '../../../test/render-app';

const warranty: KnowledgeItemResponse = aKnowledgeItem({
  id: 'k-2',
  title: 'Warranty',
  content: 'Every kettle has a two-year warranty.',
  tags: [],
});

const answer = (response: string, needsHuman = false) => ({
  response,
  analysis: { intent: 'support', urgency: 'low', lead_potential: 'medium' } as const,
  needsHuman,
});

const changed: ReplayResult = {
  source: 'conversation',
  message: 'How long is the warranty?',
  customerName: 'Ana',
  expected: null,
  live: answer('Every kettle has a two-year warranty.'),
  draft: answer('Every kettle has a three-year warranty.'),
  differences: ['answer_changed'],
};
const unchanged: ReplayResult = {
  source: 'test_case',
  message: 'Do you ship to Lisbon?',
  customerName: null,
  expected: 'Yes, in 3 days',
  live: answer('We ship to Lisbon in 3 days.'),
  draft: answer('We ship to Lisbon in 3 days.'),
  differences: [],
};

const replay = (overrides: Partial<ReplayResponse>): ReplayResponse => ({
  id: 'r-1',
  kind: 'knowledge_update',
  status: 'running',
  done: 0,
  total: 2,
  error: null,
  createdAt: '2026-12-07T10:00:00.000Z',
  expiresAt: '2026-12-14T10:00:00.000Z',
  results: [],
  ...overrides,
});

async function findDialog(title: string): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('.ant-modal');
  if (!dialog) throw new Error(`"${title}" is not a dialog's title`);
  return dialog;
}

async function openEditDialog(current: () => ReplayResponse) {
  const rendered = renderSignedIn('/ai-training?tab=knowledge', undefined, {
    'GET /api/ai/training-documents': () => json(200, []),
    'GET /api/ai/knowledge': () => json(200, [warranty]),
    'POST /api/ai/replays': () => json(202, { id: 'r-1' }),
    'GET /api/ai/replays/r-1': () => json(200, current()),
  });
  const [card] = await screen.findAllByTestId('knowledge-item');
  await userEvent.click(within(card).getByRole('button', { name: 'Edit Warranty' }));
  return { ...rendered, dialog: await findDialog('Edit Knowledge Item') };
}

/** The AI Training page, its dialog and the drawer take over Jest's 15 s here on a busy 2-core machine. */
const JOURNEY_MS = 40_000;

describe('Test this change', () => {
  it(
    'replays the edited item, follows its progress over /ws, then shows the answers side by side',
    async () => {
      let current = replay({});
      const { fetchSpy, dialog } = await openEditDialog(() => current);
      act(() => FakeWebSocket.latest().open());
      const content = within(dialog).getByTestId('knowledge-content');
      await userEvent.clear(content);
      await userEvent.click(content);
      await userEvent.paste('Every kettle has a three-year warranty.');

      await userEvent.click(within(dialog).getByTestId('test-change'));

      expect(await lastBodyOf(fetchSpy, 'POST /api/ai/replays')).toEqual({
        draft: {
          kind: 'knowledge_update',
          itemId: 'k-2',
          changes: {
            category: 'policies',
            title: 'Warranty',
            content: 'Every kettle has a three-year warranty.',
            tags: [],
            priority: 1,
          },
        },
      });
      // Nothing is saved.
      expect(requestsTo(fetchSpy, 'PATCH /api/ai/knowledge/k-2')).toHaveLength(0);
      const drawer = await screen.findByTestId('replay-drawer');
      act(() =>
        FakeWebSocket.latest().receive({
          type: 'replay_progress',
          message: '',
          data: { replayId: 'r-1', status: 'running', done: 1, total: 2 },
        }),
      );
      expect(await within(drawer).findByText('Answering 1 of 2 messages...')).toBeInTheDocument();

      current = replay({ status: 'done', done: 2, results: [changed, unchanged] });
      act(() =>
        FakeWebSocket.latest().receive({
          type: 'replay_progress',
          message: '',
          data: { replayId: 'r-1', status: 'done', done: 2, total: 2 },
        }),
      );
      expect(await within(drawer).findByTestId('replay-summary')).toHaveTextContent('1 of 2 answers change');
      const [first, second] = within(drawer).getAllByTestId('replay-result');
      expect(within(first).getByTestId('replay-live')).toHaveTextContent('two-year warranty');
      expect(within(first).getByTestId('replay-draft')).toHaveTextContent('three-year warranty');
      expect(within(first).getByTestId('replay-differences')).toHaveTextContent('Answer changed');
      expect(within(second).getByTestId('replay-differences')).toHaveTextContent('Same answer');
      expect(second).toHaveTextContent('Saved test case');
      expect(second).toHaveTextContent('Expected: Yes, in 3 days');
      expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();

      await userEvent.click(within(drawer).getByTestId('replay-changed-only'));
      await waitFor(() => expect(within(drawer).getAllByTestId('replay-result')).toHaveLength(1));
    },
    JOURNEY_MS,
  );

  it('says there is nothing to replay when the owner has no customer messages and no saved cases', async () => {
    const { dialog } = await openEditDialog(() => replay({ status: 'done', total: 0 }));
    await userEvent.click(within(dialog).getByTestId('test-change'));
    expect(await screen.findByTestId('replay-empty')).toHaveTextContent('Nothing to replay yet');
  });
});
