import type { CustomerResponse, CustomerStage, PipelineResponse } from '@parley/contracts';
import { CUSTOMER_STAGES } from '@parley/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooseOption } from '../../../test/antd';
import { type FakeRoutes, json, queryOf, requestsTo } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { aCustomer } from '../../../test/fixtures/customers';
import { renderSignedIn } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';

/** A server with these customers: the columns (GET /api/customers?stage=) and headers (GET /api/pipeline) read them. */
function fakeServer(customers: CustomerResponse[], put?: (request: Request) => Promise<Response>) {
  const routes: FakeRoutes = {
    'GET /api/ai-config': () => json(200, { currency: 'EUR' }),
    'GET /api/customers': (request) =>
      json(
        200,
        customers.filter((c) => c.stage === queryOf(request).stage),
      ),
    'GET /api/pipeline': () =>
      json(200, {
        stages: CUSTOMER_STAGES.map((stage) => {
          const at = customers.filter((c) => c.stage === stage);
          return { stage, count: at.length, value: at.reduce((sum, c) => sum + (c.leadValue ?? 0), 0) };
        }),
      } satisfies PipelineResponse),
  };
  for (const customer of customers) {
    routes[`PUT /api/customers/${customer.id}`] =
      put ??
      (async (request) => {
        customer.stage = ((await request.json()) as { stage: CustomerStage }).stage;
        return json(200, customer);
      });
  }
  return routes;
}

function column(stage: CustomerStage): HTMLElement {
  const found = screen.getAllByTestId('pipeline-column').find((element) => element.dataset.stage === stage);
  if (!found) throw new Error(`No column ${stage}`);
  return found;
}

function cardNames(stage: CustomerStage): string[] {
  return within(column(stage))
    .queryAllByTestId('pipeline-card-name')
    .map((name) => name.textContent ?? '');
}

/**
 * jsdom lays nothing out: the columns stand side by side, 300 px apart, in the order on screen, and each card
 * sits inside its column, so that dnd-kit's keyboard moves have somewhere to go.
 */
function layOutColumns() {
  const rect = (left: number, top: number, width: number, height: number) =>
    ({
      left,
      top,
      width,
      height,
      x: left,
      y: top,
      right: left + width,
      bottom: top + height,
      toJSON: () => ({}),
    }) as DOMRect;
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    // The copy that follows the pointer starts where the picked-up card (of the first column) was.
    if (this.closest('[data-testid="pipeline-drag-overlay"]')) return rect(10, 150, 260, 100);
    const columnElement = this.closest<HTMLElement>('[data-testid="pipeline-column"]');
    if (!columnElement) return rect(0, 0, 0, 0);
    const index = screen.getAllByTestId('pipeline-column').indexOf(columnElement);
    if (this === columnElement) return rect(index * 300, 100, 280, 600);
    return rect(index * 300 + 10, 150, 260, 100);
  });
}

const jane = aCustomer({ id: 'c-1', name: 'Jane Smith', stage: 'new', leadValue: null });
const omar = aCustomer({
  id: 'c-2',
  name: 'Omar Haddad',
  platform: 'facebook',
  stage: 'qualified',
  leadValue: 1000,
});
const lina = aCustomer({
  id: 'c-3',
  name: 'Lina Park',
  stage: 'qualified',
  leadValue: 250.25,
  lastMessage: null,
});

describe('/pipeline: the board', () => {
  let customers: CustomerResponse[];
  beforeEach(() => {
    customers = [jane, omar, lina].map((c) => ({ ...c }));
  });

  it("shows the five stages as columns, each with its count and its leads' value in the business's currency", async () => {
    renderSignedIn('/pipeline', undefined, fakeServer(customers));
    await waitFor(() => expect(cardNames('qualified')).toEqual(['Omar Haddad', 'Lina Park']));

    expect(
      screen
        .getAllByTestId('pipeline-column')
        .map((c) => within(c).getByTestId('customer-stage').textContent),
    ).toEqual(['New', 'Interested', 'Qualified', 'Follow-up', 'Converted']);
    const header = (stage: CustomerStage) => within(column(stage));
    await waitFor(() =>
      expect(header('qualified').getByTestId('pipeline-column-count')).toHaveTextContent('2'),
    );
    expect(header('qualified').getByTestId('pipeline-column-count')).toHaveAccessibleName('2 customers');
    expect(header('qualified').getByTestId('pipeline-column-value')).toHaveTextContent(
      'Leads worth €1,250.25',
    );
    expect(header('new').getByTestId('pipeline-column-count')).toHaveTextContent('1');
    expect(header('converted').getByTestId('pipeline-column-value')).toHaveTextContent('Leads worth €0.00');
    expect(header('converted').getByTestId('pipeline-column-empty')).toHaveTextContent(
      'No customers at this stage',
    );

    const card = within(column('new')).getByTestId('pipeline-card');
    expect(within(card).getByTestId('pipeline-card-platform')).toHaveTextContent('Instagram · Pricing');
    expect(within(card).getByTestId('pipeline-card-last-message')).toHaveTextContent('Do you ship to Spain?');
    expect(within(card).getByTestId('pipeline-card-value')).toHaveTextContent('Set value');
    expect(within(card).getByTestId('pipeline-card-time')).toHaveTextContent('3 days in this stage');
    expect(within(column('qualified')).getAllByTestId('pipeline-card-value')[0]).toHaveTextContent(
      '€1,000.00',
    );
  });

  it('moves a card with the keyboard: space picks it up, the arrow takes it to the next column, space drops it', async () => {
    const user = userEvent.setup();
    const { fetchSpy } = renderSignedIn('/pipeline', undefined, fakeServer(customers));
    await waitFor(() => expect(cardNames('new')).toEqual(['Jane Smith']));
    layOutColumns();

    within(column('new')).getByRole('button', { name: 'Move Jane Smith' }).focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowRight]');
    await user.keyboard('[Space]');

    await waitFor(() => expect(requestsTo(fetchSpy, 'PUT /api/customers/c-1')).toHaveLength(1));
    expect(await requestsTo(fetchSpy, 'PUT /api/customers/c-1')[0].json()).toEqual({ stage: 'interested' });
    await waitFor(() => expect(cardNames('interested')).toEqual(['Jane Smith']));
    expect(cardNames('new')).toEqual([]);
    await waitFor(() =>
      expect(within(column('interested')).getByTestId('pipeline-column-count')).toHaveTextContent('1'),
    );
  });

  it('shows a move at once, and puts the card back with an error toast when the server refuses it', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const refused = () => new Promise<Response>((resolve) => (answer = resolve));
    renderSignedIn('/pipeline', undefined, fakeServer(customers, refused));
    await waitFor(() => expect(cardNames('new')).toEqual(['Jane Smith']));

    await user.click(within(column('new')).getByTestId('pipeline-card-move'));
    await user.click(await screen.findByRole('menuitem', { name: 'Converted' }));

    await waitFor(() => expect(cardNames('converted')).toEqual(['Jane Smith']));
    expect(cardNames('new')).toEqual([]);
    expect(within(column('converted')).getByTestId('pipeline-column-count')).toHaveTextContent('1');

    act(() => answer(json(500, { message: 'Something went wrong' })));

    const toast = await findToast('Could not move Jane Smith to Converted. The card is back where it was.');
    expect(toast.kind).toBe('error');
    await waitFor(() => expect(cardNames('new')).toEqual(['Jane Smith']));
    expect(cardNames('converted')).toEqual([]);
    expect(within(column('converted')).getByTestId('pipeline-column-count')).toHaveTextContent('0');
  });

  it('moves a card when another tab moves it (the /ws customer_updated event)', async () => {
    renderSignedIn('/pipeline', undefined, fakeServer(customers));
    await waitFor(() => expect(cardNames('qualified')).toEqual(['Omar Haddad', 'Lina Park']));
    const socket = FakeWebSocket.latest();
    act(() => socket.open());

    // Another tab moved Omar: the server has him at converted.
    customers[1].stage = 'converted';
    act(() =>
      socket.receive({
        type: 'customer_updated',
        message: '',
        data: { customerId: 'c-2', stage: 'converted' },
      }),
    );

    await waitFor(() => expect(cardNames('converted')).toEqual(['Omar Haddad']));
    expect(cardNames('qualified')).toEqual(['Lina Park']);
    await waitFor(() =>
      expect(within(column('converted')).getByTestId('pipeline-column-value')).toHaveTextContent('€1,000.00'),
    );
    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();
  });

  it('reads every column and header with the search and the platform filter', async () => {
    const { fetchSpy } = renderSignedIn('/pipeline?q=omar', undefined, fakeServer(customers));
    await screen.findAllByTestId('pipeline-column');

    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/pipeline').length).toBeGreaterThan(0));
    expect(queryOf(requestsTo(fetchSpy, 'GET /api/pipeline')[0])).toEqual({ q: 'omar' });
    const stages = requestsTo(fetchSpy, 'GET /api/customers').map((r) => queryOf(r));
    expect(stages.map((q) => q.stage).sort()).toEqual([...CUSTOMER_STAGES].sort());
    expect(stages.every((q) => q.q === 'omar')).toBe(true);

    await chooseOption(screen.getByTestId('pipeline-platform-filter'), 'Facebook');
    await waitFor(() =>
      expect(queryOf(requestsTo(fetchSpy, 'GET /api/pipeline').at(-1) as Request)).toEqual({
        q: 'omar',
        platform: 'facebook',
      }),
    );
  });
});
