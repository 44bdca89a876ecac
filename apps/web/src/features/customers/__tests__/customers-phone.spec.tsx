import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../../test/fake-api';
import { aCustomer } from '../../../test/fixtures/customers';
import { renderSignedIn } from '../../../test/render-app';
import { setViewportWidth } from '../../../test/viewport';
import { LANGUAGE_STORAGE_KEY } from '../../language';

const jane = aCustomer();
const walkIn = aCustomer({
  id: 'c-2',
  name: 'Pedro Phoned',
  email: null,
  phone: '+34 600 111 222',
  platform: 'manual',
  platformUsername: '',
  source: 'manual',
  stage: 'interested',
  interest: null,
  lastContact: null,
});

function card(id: string) {
  const found = screen.getAllByTestId('customer-card').find((element) => element.dataset.customerId === id);
  if (!found) throw new Error(`No card for customer ${id}`);
  return found;
}

function openCustomers() {
  return renderSignedIn('/customers', undefined, {
    'GET /api/customers': () => json(200, [jane, walkIn]),
    'GET /api/customers/c-1': () => json(200, jane),
    'GET /api/messages': () => json(200, []),
  });
}

describe('/customers on a phone (390 px): a card per customer, its actions in sight', () => {
  beforeEach(() => setViewportWidth(390));

  it('shows the platform, contact, stage and last contact, with View and Contact as buttons, and no table', async () => {
    openCustomers();
    await screen.findAllByTestId('customer-card');

    expect(screen.queryByTestId('customers-table')).not.toBeInTheDocument();
    const first = card('c-1');
    expect(within(first).getByTestId('platform-icon')).toHaveAccessibleName('Instagram');
    expect(within(first).getByTestId('customer-name')).toHaveTextContent('Jane Smith');
    expect(within(first).getByTestId('customer-handle')).toHaveTextContent('jane@example.com');
    expect(within(first).getByTestId('customer-stage')).toHaveTextContent('New');
    expect(within(first).getByTestId('customer-last-contact')).toHaveTextContent('2 hours ago');
    expect(within(first).getByRole('button', { name: 'View' })).toBeVisible();
    expect(within(first).getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      '/inbox?customer=c-1&reply=1',
    );
    // A customer without a channel: No channel, known by their phone.
    const second = card('c-2');
    expect(within(second).getByTestId('customer-platform')).toHaveTextContent('No channel');
    expect(within(second).getByTestId('customer-handle')).toHaveTextContent('+34 600 111 222');
    expect(within(second).getByTestId('customer-last-contact')).toHaveTextContent('Never');
  });

  it("View opens the customer's details from the card", async () => {
    openCustomers();
    await screen.findAllByTestId('customer-card');

    await userEvent.click(within(card('c-2')).getByRole('button', { name: 'View' }));

    const details = await screen.findByTestId('customer-details');
    expect(details).toHaveAttribute('data-customer-id', 'c-2');
    expect(within(details).getByTestId('customer-details-platform')).toHaveTextContent('No channel');
    expect(within(details).getByTestId('customer-details-handle')).toHaveTextContent('+34 600 111 222');
  });

  it('lays the cards out right to left in Arabic, the actions in Arabic', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openCustomers();
    await screen.findAllByTestId('customer-card');

    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    const first = card('c-1');
    expect(first).toHaveClass('ant-card-rtl');
    expect(within(first).getByRole('button', { name: 'عرض' })).toBeVisible();
    expect(within(first).getByRole('link', { name: 'تواصل' })).toBeVisible();
    expect(within(card('c-2')).getByTestId('customer-platform')).toHaveTextContent('بلا قناة');
  });
});
