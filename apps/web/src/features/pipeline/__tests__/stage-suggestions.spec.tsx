import type { CustomerResponse, StageSuggestionResponse } from '@parley/contracts';
import { CUSTOMER_STAGES } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, queryOf, requestsTo } from '../../../test/fake-api';
import { aCustomer } from '../../../test/fixtures/customers';
import { renderSignedIn } from '../../../test/render-app';

const evidence = {
  messageId: 'm-1',
  quote: 'I want two of the oak chairs',
  intent: 'purchase_intent',
  leadPotential: 'high',
} as const;

describe("the AI's stage suggestions on the board", () => {
  function board(customers: CustomerResponse[], suggestions: StageSuggestionResponse[]) {
    return renderSignedIn('/pipeline', undefined, {
      'GET /api/ai-config': () => json(200, { currency: 'EUR' }),
      'GET /api/customers': (request) =>
        json(
          200,
          customers.filter((c) => c.stage === queryOf(request).stage),
        ),
      'GET /api/pipeline': () =>
        json(200, {
          stages: CUSTOMER_STAGES.map((stage) => ({
            stage,
            count: customers.filter((c) => c.stage === stage).length,
            value: 0,
          })),
        }),
      'GET /api/stage-suggestions': () => json(200, suggestions),
      'POST /api/customers/c-1/stage-suggestion/accept': () => {
        customers[0].stage = 'qualified';
        suggestions.splice(0);
        return json(200, customers[0]);
      },
      'DELETE /api/customers/c-1/stage-suggestion': () => {
        suggestions.splice(0);
        return new Response(null, { status: 204 });
      },
    });
  }
  const suggestion = (): StageSuggestionResponse => ({
    customerId: 'c-1',
    customerName: 'Jane Smith',
    from: 'new',
    stage: 'qualified',
    at: '2024-06-01T10:00:00.000Z',
    evidence,
  });

  it("shows the suggested stage with the customer's words; Accept moves the card", async () => {
    const user = userEvent.setup();
    const customers = [aCustomer({ id: 'c-1', name: 'Jane Smith', stage: 'new' })];
    const { fetchSpy } = board(customers, [suggestion()]);

    const note = await screen.findByTestId('pipeline-card-suggestion');
    expect(note).toHaveTextContent('AI suggests: Qualified');
    expect(within(note).getByTestId('pipeline-card-suggestion-quote')).toHaveTextContent(
      '“I want two of the oak chairs”',
    );
    await user.click(within(note).getByRole('button', { name: 'Move Jane Smith to Qualified' }));

    await waitFor(() =>
      expect(requestsTo(fetchSpy, 'POST /api/customers/c-1/stage-suggestion/accept')).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByTestId('pipeline-card-suggestion')).not.toBeInTheDocument());
    const qualified = screen.getAllByTestId('pipeline-column').find((c) => c.dataset.stage === 'qualified');
    await waitFor(() => expect(within(qualified as HTMLElement).getByText('Jane Smith')).toBeInTheDocument());
  });

  it('drops a dismissed suggestion and leaves the card where it is', async () => {
    const user = userEvent.setup();
    const { fetchSpy } = board([aCustomer({ id: 'c-1', name: 'Jane Smith', stage: 'new' })], [suggestion()]);

    await user.click(await screen.findByTestId('pipeline-card-suggestion-dismiss'));

    await waitFor(() => expect(screen.queryByTestId('pipeline-card-suggestion')).not.toBeInTheDocument());
    expect(requestsTo(fetchSpy, 'DELETE /api/customers/c-1/stage-suggestion')).toHaveLength(1);
    const fresh = screen.getAllByTestId('pipeline-column').find((c) => c.dataset.stage === 'new');
    expect(within(fresh as HTMLElement).getByText('Jane Smith')).toBeInTheDocument();
  });
});
