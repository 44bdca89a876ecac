import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooseOption, optionsOf } from '../../../test/antd';
import { type FakeRoutes, json, lastBodyOf, never, queryOf, requestsTo } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { renderSignedIn } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';
import { aCustomer } from '../../../test/fixtures/customers';
import { initials } from '../customer-format';

const jane = aCustomer();
const omar = aCustomer({
  id: 'c-2',
  name: 'Omar',
  email: null,
  platform: 'facebook',
  platformUsername: 'omar.k',
  stage: 'qualified',
  interest: null,
  notes: null,
  lastContact: null,
});

function openCustomers(routes: FakeRoutes) {
  return renderSignedIn('/customers', undefined, routes);
}

function rows() {
  return screen.getAllByTestId('customer-row');
}

function row(id: string) {
  const found = rows().find((element) => element.dataset.customerId === id);
  if (!found) throw new Error(`No row for customer ${id}`);
  return found;
}

describe('/customers: the table', () => {
  it('has the columns Customer, Platform, Interest, Stage, Last Contact, Actions', async () => {
    openCustomers({ 'GET /api/customers': () => json(200, [jane]) });
    await screen.findByTestId('customer-row');

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Customer',
      'Platform',
      'Interest',
      'Stage',
      'Last Contact',
      'Actions',
    ]);
  });

  it("shows each customer's platform, interest, stage and last contact ('Never' when absent)", async () => {
    openCustomers({ 'GET /api/customers': () => json(200, [jane, omar]) });
    await screen.findAllByTestId('customer-row');

    const cells = (id: string) =>
      [
        'customer-name',
        'customer-platform',
        'customer-interest',
        'customer-stage',
        'customer-last-contact',
      ].map((testId) => within(row(id)).getByTestId(testId).textContent);
    expect(cells('c-1')).toEqual(['Jane Smith', 'Instagram', 'Pricing', 'New', '2 hours ago']);
    expect(cells('c-2')).toEqual(['Omar', 'Facebook', 'Not known yet', 'Qualified', 'Never']);
    expect(within(row('c-1')).getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(within(row('c-1')).getByRole('link', { name: 'Contact' })).toBeInTheDocument();
  });

  it("shows the agent's interest values in the reader's language, and an owner's own text as written", async () => {
    window.localStorage.setItem('parley.language', 'es');
    openCustomers({
      'GET /api/customers': () =>
        json(200, [
          aCustomer({ id: 'c-1', interest: 'product inquiry' }),
          aCustomer({ id: 'c-2', interest: 'purchase intent' }),
          aCustomer({ id: 'c-3', interest: 'Wholesale prices' }),
        ]),
    });
    await screen.findAllByTestId('customer-row');

    expect(
      ['c-1', 'c-2', 'c-3'].map((id) => within(row(id)).getByTestId('customer-interest').textContent),
    ).toEqual(['Consulta de producto', 'Intención de compra', 'Wholesale prices']);
  });

  it('shows 5 skeleton rows while loading', async () => {
    openCustomers({ 'GET /api/customers': never });

    await waitFor(() => expect(screen.getAllByTestId('customer-skeleton')).toHaveLength(5));
  });

  it('says No customers found with a hint to add one when there are none', async () => {
    openCustomers({ 'GET /api/customers': () => json(200, []) });

    const empty = await screen.findByTestId('customers-empty');
    expect(empty).toHaveTextContent('No customers found');
    expect(within(empty).getByTestId('customers-empty-hint')).toHaveTextContent(
      'Customers appear here when they message you. You can also add one with Add Customer.',
    );
  });

  it('says No customers found with a hint about the filters when filters exclude everything', async () => {
    openCustomers({ 'GET /api/customers': (request) => json(200, queryOf(request).stage ? [] : [jane]) });
    await screen.findByTestId('customer-row');

    await chooseOption(screen.getByTestId('customers-stage-filter'), 'Converted');

    const empty = await screen.findByTestId('customers-empty');
    expect(within(empty).getByTestId('customers-empty-hint')).toHaveTextContent(
      'No customers match your search or filters. Try changing them.',
    );
  });

  it('offers the stages all, new, interested, qualified, follow-up, converted', async () => {
    openCustomers({ 'GET /api/customers': () => json(200, [jane]) });
    await screen.findByTestId('customer-row');

    expect(await optionsOf(screen.getByTestId('customers-stage-filter'))).toEqual([
      'All stages',
      'New',
      'Interested',
      'Qualified',
      'Follow-up',
      'Converted',
    ]);
  });

  it('sends the search, platform and stage to the server', async () => {
    const { fetchSpy } = openCustomers({ 'GET /api/customers': () => json(200, [jane]) });
    await screen.findByTestId('customer-row');

    await userEvent.type(screen.getByTestId('customers-search'), 'jane');
    await waitFor(() =>
      expect(queryOf(requestsTo(fetchSpy, 'GET /api/customers').at(-1) as Request)).toEqual({ q: 'jane' }),
    );
    await chooseOption(screen.getByTestId('customers-platform-filter'), 'Instagram');
    await chooseOption(screen.getByTestId('customers-stage-filter'), 'Follow-up');

    await waitFor(() =>
      expect(queryOf(requestsTo(fetchSpy, 'GET /api/customers').at(-1) as Request)).toEqual({
        q: 'jane',
        platform: 'instagram',
        stage: 'follow-up',
      }),
    );
  });

  it.each(['new_customer', 'new_lead', 'message_responded'])(
    'refreshes when the server announces %s',
    async (type) => {
      let customers = [jane];
      openCustomers({ 'GET /api/customers': () => json(200, customers) });
      await screen.findByTestId('customer-row');
      act(() => FakeWebSocket.latest().open());

      customers = [omar, jane];
      act(() => FakeWebSocket.latest().receive({ type, message: 'Something happened' }));

      await waitFor(() => expect(rows()).toHaveLength(2));
    },
  );
});

describe('/customers: details and stage', () => {
  async function openDetails(routes: FakeRoutes) {
    const rendered = openCustomers({ 'GET /api/customers': () => json(200, [jane, omar]), ...routes });
    await screen.findAllByTestId('customer-row');
    await userEvent.click(within(row('c-1')).getByRole('button', { name: 'View' }));
    return { ...rendered, details: await screen.findByTestId('customer-details') };
  }

  it('shows the initials, platform, last contact, interest and notes', async () => {
    const { details } = await openDetails({});

    expect(within(details).getByTestId('customer-initials')).toHaveTextContent('JS');
    expect(within(details).getByTestId('customer-details-platform')).toHaveTextContent('Instagram');
    expect(within(details).getByTestId('customer-details-last-contact')).toHaveTextContent('2 hours ago');
    expect(within(details).getByTestId('customer-details-interest')).toHaveTextContent('Pricing');
    expect(within(details).getByTestId('customer-details-notes')).toHaveTextContent(
      'Asked about shipping to Spain.',
    );
  });

  it('moves the customer to any stage, says so and refreshes the list', async () => {
    let stage = 'new';
    const { fetchSpy, details } = await openDetails({
      'GET /api/customers': () => json(200, [{ ...jane, stage }, omar]),
      'PUT /api/customers/c-1': () => {
        stage = 'converted';
        return json(200, { ...jane, stage });
      },
    });
    const listCalls = requestsTo(fetchSpy, 'GET /api/customers').length;

    await chooseOption(within(details).getByTestId('customer-stage-select'), 'Converted');

    expect((await findToast('Customer updated successfully.')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'PUT /api/customers/c-1')).toEqual({ stage: 'converted' });
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/customers').length).toBe(listCalls + 1));
    await waitFor(() =>
      expect(within(row('c-1')).getByTestId('customer-stage')).toHaveTextContent('Converted'),
    );
    expect(within(details).getByTestId('customer-stage-select')).toHaveTextContent('Converted');
  });

  it('says Failed to update customer. when the change fails', async () => {
    const { details } = await openDetails({
      'PUT /api/customers/c-1': () => json(404, { message: 'Customer not found' }),
    });

    await chooseOption(within(details).getByTestId('customer-stage-select'), 'Interested');

    expect((await findToast('Failed to update customer.')).kind).toBe('error');
  });

  it("View Messages and Send Message open the customer's conversation in the inbox", async () => {
    const { details } = await openDetails({});

    expect(within(details).getByRole('link', { name: 'View Messages' })).toHaveAttribute(
      'href',
      '/inbox?customer=c-1',
    );
    await userEvent.click(within(details).getByRole('link', { name: 'Send Message' }));

    expect(window.location.pathname + window.location.search).toBe('/inbox?customer=c-1&reply=1');
    expect(await screen.findByTestId('inbox')).toBeInTheDocument();
  });
});

describe('/customers: Contact and Add Customer', () => {
  it("Contact opens the customer's conversation in the inbox, ready for a reply", async () => {
    openCustomers({
      'GET /api/customers': () => json(200, [jane]),
      'GET /api/customers/c-1': () => json(200, jane),
      'GET /api/messages': () => json(200, []),
    });
    await screen.findByTestId('customer-row');

    await userEvent.click(within(row('c-1')).getByRole('link', { name: 'Contact' }));

    expect(window.location.pathname + window.location.search).toBe('/inbox?customer=c-1&reply=1');
    await waitFor(() => expect(screen.getByTestId('thread-reply-input')).toHaveFocus());
  });

  async function openAddForm(routes: FakeRoutes) {
    const rendered = openCustomers({ 'GET /api/customers': () => json(200, []), ...routes });
    await screen.findByTestId('customers-empty');
    await userEvent.click(screen.getByRole('button', { name: 'Add Customer' }));
    await screen.findByTestId('add-customer-form');
    return rendered;
  }

  it('adds a customer, says so and refreshes the list', async () => {
    const { fetchSpy } = await openAddForm({ 'POST /api/customers': () => json(201, jane) });

    await userEvent.type(screen.getByTestId('add-customer-name'), 'Jane Smith');
    await chooseOption(screen.getByTestId('add-customer-platform'), 'WhatsApp');
    await userEvent.type(screen.getByTestId('add-customer-username'), '+34600111222');
    await userEvent.type(screen.getByTestId('add-customer-email'), 'jane@example.com');
    await userEvent.type(screen.getByTestId('add-customer-interest'), 'Wholesale prices');
    await userEvent.click(screen.getByTestId('add-customer-submit'));

    expect((await findToast('Customer added successfully.')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'POST /api/customers')).toEqual({
      name: 'Jane Smith',
      platform: 'whatsapp',
      platformUsername: '+34600111222',
      email: 'jane@example.com',
      interest: 'Wholesale prices',
    });
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/customers')).toHaveLength(2));
  });

  it('needs a name and a platform username', async () => {
    const { fetchSpy } = await openAddForm({ 'POST /api/customers': () => json(201, jane) });

    await userEvent.click(screen.getByTestId('add-customer-submit'));

    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(requestsTo(fetchSpy, 'POST /api/customers')).toHaveLength(0);
  });

  it('adds a walk-in or phone customer without a channel: a name and a phone are enough', async () => {
    const walkIn = aCustomer({ platform: 'manual', platformUsername: '', email: null, phone: '600 111 222' });
    const { fetchSpy } = await openAddForm({ 'POST /api/customers': () => json(201, walkIn) });

    await userEvent.type(screen.getByTestId('add-customer-name'), 'Pedro Phoned');
    await chooseOption(screen.getByTestId('add-customer-platform'), 'No channel');
    expect(await screen.findByTestId('add-customer-manual-hint')).toHaveTextContent(
      'No channel: a walk-in or phone customer, known by email, phone or username.',
    );
    await userEvent.type(screen.getByTestId('add-customer-phone'), '600 111 222');
    await userEvent.click(screen.getByTestId('add-customer-submit'));

    expect((await findToast('Customer added successfully.')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'POST /api/customers')).toEqual({
      name: 'Pedro Phoned',
      platform: 'manual',
      phone: '600 111 222',
    });
  });

  it('without a channel, asks for an email, a phone or a username, and sends nothing', async () => {
    const { fetchSpy } = await openAddForm({ 'POST /api/customers': () => json(201, jane) });

    await userEvent.type(screen.getByTestId('add-customer-name'), 'Nobody');
    await chooseOption(screen.getByTestId('add-customer-platform'), 'No channel');
    await userEvent.click(screen.getByTestId('add-customer-submit'));

    expect(await screen.findByText('Email, phone or platform username is required')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'POST /api/customers')).toHaveLength(0);
  });

  it('shows a customer without a channel as No channel, known by their phone', async () => {
    openCustomers({
      'GET /api/customers': () =>
        json(200, [
          aCustomer({ platform: 'manual', platformUsername: '', email: null, phone: '600 111 222' }),
        ]),
    });
    await screen.findByTestId('customer-row');

    expect(within(row('c-1')).getByTestId('customer-platform')).toHaveTextContent('No channel');
    expect(within(row('c-1')).getByTestId('customer-handle')).toHaveTextContent('600 111 222');
    expect(await optionsOf(screen.getByTestId('customers-platform-filter'))).toContain('No channel');
  });

  it('shows the message under the input the server named, besides the toast', async () => {
    await openAddForm({
      'POST /api/customers': () =>
        json(400, {
          message: 'Email must be a valid email address',
          code: 'VALIDATION_FAILED',
          field: 'email',
        }),
    });

    await userEvent.type(screen.getByTestId('add-customer-name'), 'Jane Smith');
    await userEvent.type(screen.getByTestId('add-customer-username'), 'jane.smith');
    await userEvent.click(screen.getByTestId('add-customer-submit'));

    expect((await findToast('Email must be a valid email address')).kind).toBe('error');
    const email = screen.getByTestId('add-customer-email').closest('.ant-form-item');
    await waitFor(() => expect(email).toHaveTextContent('Email must be a valid email address'));
  });

  it("shows the server's reason when the username is taken (409)", async () => {
    await openAddForm({
      'POST /api/customers': () =>
        json(409, { message: 'A customer with this instagram username already exists' }),
    });

    await userEvent.type(screen.getByTestId('add-customer-name'), 'Jane Smith');
    await userEvent.type(screen.getByTestId('add-customer-username'), 'jane.smith');
    await userEvent.click(screen.getByTestId('add-customer-submit'));

    expect((await findToast('A customer with this instagram username already exists')).kind).toBe('error');
  });
});

describe('initials', () => {
  it.each([
    ['Jane Smith', 'JS'],
    ['omar', 'O'],
    ['  ana maría lópez ', 'AM'],
    ['', '?'],
  ])('%s → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
