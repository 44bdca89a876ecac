import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooseOption } from '../../../test/antd';
import { json, lastBodyOf, requestsTo } from '../../../test/fake-api';
import { aConversation } from '../../../test/fixtures/conversations';
import { aCustomer } from '../../../test/fixtures/customers';
import { findToast } from '../../../test/toasts';
import { setViewportWidth } from '../../../test/viewport';
import { type InboxServer, janeServer, openInbox } from './fake-inbox';

beforeEach(() => setViewportWidth(1440));

/** Jane's conversation at a desktop width, where the contact panel is open beside the thread. */
async function openContact(server: InboxServer = janeServer(), routes = {}) {
  const rendered = openInbox(server, '/inbox?customer=c-1', routes);
  const panel = await screen.findByTestId('contact-panel');
  await within(panel).findByTestId('contact-form');
  return { ...rendered, panel };
}

const server = () =>
  janeServer({
    conversations: [aConversation({ unreadCount: 0 })],
    customers: [aCustomer({ phone: '+34 600 000 000', tags: ['wholesale'] })],
    leads: {
      'c-1': [
        {
          id: 'l-1',
          customerId: 'c-1',
          source: 'instagram',
          value: 1200,
          status: 'new',
          createdAt: '2024-05-02T10:00:00.000Z',
          isTest: false,
        },
      ],
    },
  });

describe('the contact panel', () => {
  it('shows who the customer is, what the owner keeps about them, and their leads', async () => {
    const { panel } = await openContact(server());

    expect(within(panel).getByTestId('contact-platform')).toHaveTextContent('Instagram');
    expect(within(panel).getByTestId('contact-username')).toHaveTextContent('jane.smith');
    expect(within(panel).getByTestId('contact-name')).toHaveValue('Jane Smith');
    expect(within(panel).getByTestId('contact-email')).toHaveValue('jane@example.com');
    expect(within(panel).getByTestId('contact-phone')).toHaveValue('+34 600 000 000');
    expect(within(panel).getByTestId('contact-notes')).toHaveValue('Asked about shipping to Spain.');
    expect(within(panel).getByText('wholesale')).toBeInTheDocument();
    const lead = await within(panel).findByTestId('contact-lead');
    expect(lead).toHaveTextContent('Opened May 2, 2024');
    expect(lead).toHaveTextContent('Instagram · 1,200');
    expect(lead).toHaveTextContent('Open');
  });

  it('saves the edited fields with Save; blank ones are cleared', async () => {
    const { fetchSpy, panel } = await openContact(server(), {
      'PATCH /api/customers/c-1': () =>
        json(200, aCustomer({ notes: 'Wants 20 units.', tags: ['wholesale', 'vip'], email: null })),
    });
    expect(within(panel).queryByTestId('contact-save')).not.toBeInTheDocument();

    const notes = within(panel).getByTestId('contact-notes');
    await userEvent.clear(notes);
    await userEvent.type(notes, 'Wants 20 units.');
    await userEvent.clear(within(panel).getByTestId('contact-email'));
    await userEvent.type(
      within(within(panel).getByTestId('contact-tags')).getByRole('combobox'),
      'vip{Enter}',
    );
    await userEvent.click(within(panel).getByTestId('contact-save'));

    expect(await lastBodyOf(fetchSpy, 'PATCH /api/customers/c-1')).toEqual({
      name: 'Jane Smith',
      email: null,
      phone: '+34 600 000 000',
      interest: 'pricing',
      notes: 'Wants 20 units.',
      tags: ['wholesale', 'vip'],
    });
    expect((await findToast('Customer updated successfully.')).kind).toBe('success');
    await waitFor(() => expect(within(panel).queryByTestId('contact-save')).not.toBeInTheDocument());
  });

  it('saves a stage as it is picked', async () => {
    const { fetchSpy, panel } = await openContact(server(), {
      'PATCH /api/customers/c-1': () => json(200, aCustomer({ stage: 'qualified' })),
    });

    await chooseOption(within(panel).getByTestId('contact-stage'), 'Qualified');

    expect(await lastBodyOf(fetchSpy, 'PATCH /api/customers/c-1')).toEqual({ stage: 'qualified' });
    expect((await findToast('Customer updated successfully.')).kind).toBe('success');
    // A new stage may open a lead: the leads are read again.
    await waitFor(() =>
      expect(requestsTo(fetchSpy, 'GET /api/customers/c-1/leads').length).toBeGreaterThan(1),
    );
  });

  it("puts the server's refusal under the field it names", async () => {
    const { panel } = await openContact(server(), {
      'PATCH /api/customers/c-1': () =>
        json(400, {
          message: 'Phone must be a valid phone number',
          code: 'VALIDATION_FAILED',
          field: 'phone',
        }),
    });

    await userEvent.type(within(panel).getByTestId('contact-phone'), 'x');
    await userEvent.click(within(panel).getByTestId('contact-save'));

    expect((await findToast('Phone must be a valid phone number')).kind).toBe('error');
    expect(
      await within(panel).findByText('Phone must be a valid phone number', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeInTheDocument();
  });

  it('says so when there are no leads yet', async () => {
    const { panel } = await openContact(janeServer());
    expect(await within(panel).findByTestId('contact-no-leads')).toHaveTextContent('No leads yet.');
  });

  it('collapses and opens again beside the thread', async () => {
    await openContact(server());

    await userEvent.click(screen.getByRole('button', { name: 'Contact details' }));
    expect(screen.queryByTestId('contact-panel')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Contact details' }));
    expect(await screen.findByTestId('contact-panel')).toBeInTheDocument();
  });
});
