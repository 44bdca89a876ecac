import type { StageChangeResponse } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, requestsTo } from '../../../test/fake-api';
import { aCustomer } from '../../../test/fixtures/customers';
import { ada } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';
import { setViewportWidth } from '../../../test/viewport';
import { janeServer, openInbox } from './fake-inbox';

const evidence = {
  messageId: 'm-1',
  quote: 'I want two of the oak chairs',
  intent: 'purchase_intent',
  leadPotential: 'high',
} as const;

describe("the contact panel's stage history", () => {
  beforeEach(() => setViewportWidth(1440));

  const aiMove: StageChangeResponse = {
    id: '12',
    from: 'new',
    to: 'qualified',
    at: new Date(Date.now() - 2 * 3600_000).toISOString(),
    by: 'ai',
    userId: null,
    evidence,
    undoneAt: null,
    undoable: true,
  };
  const added: StageChangeResponse = {
    id: '11',
    from: null,
    to: 'new',
    at: '2024-05-01T10:00:00.000Z',
    by: null,
    userId: null,
    evidence: null,
    undoneAt: null,
    undoable: false,
  };

  it("says who moved the customer and why, and undoes the AI's move in one click", async () => {
    const user = userEvent.setup();
    let history = [aiMove, added];
    const { fetchSpy } = openInbox(janeServer(), '/inbox?customer=c-1', {
      'GET /api/customers/c-1/stage-history': () => json(200, history),
      'POST /api/customers/c-1/stage-history/12/undo': () => {
        history = [
          {
            ...aiMove,
            id: '13',
            from: 'qualified',
            to: 'new',
            by: 'person',
            userId: ada.id,
            evidence: null,
            undoable: false,
          },
          { ...aiMove, undoable: false, undoneAt: new Date().toISOString() },
          added,
        ];
        return json(200, aCustomer({ id: 'c-1', stage: 'new' }));
      },
    });
    const panel = await screen.findByTestId('stage-history');
    const [move, first] = await within(panel).findAllByTestId('stage-change');
    expect(move).toHaveTextContent('Moved to Qualified by the AI · 2 hours ago');
    expect(move).toHaveTextContent('“I want two of the oak chairs”');
    expect(move).toHaveTextContent('Read as Purchase intent, lead potential High');
    expect(first).toHaveTextContent('Added at New');

    await user.click(within(move).getByTestId('stage-change-undo'));

    await findToast('Moved back to New.');
    expect(requestsTo(fetchSpy, 'POST /api/customers/c-1/stage-history/12/undo')).toHaveLength(1);
    await waitFor(() => expect(within(panel).getAllByTestId('stage-change')).toHaveLength(3));
    const [back, undone] = within(panel).getAllByTestId('stage-change');
    expect(back).toHaveTextContent('Moved to New by you');
    expect(undone).toHaveTextContent('Undone');
    expect(within(panel).queryByTestId('stage-change-undo')).not.toBeInTheDocument();
  });
});
