import { screen, within } from '@testing-library/react';
import { aConversation } from '../../../test/fixtures/conversations';
import { aCustomer } from '../../../test/fixtures/customers';
import { setViewportWidth } from '../../../test/viewport';
import { LANGUAGE_STORAGE_KEY } from '../../language';
import { janeServer, openInbox } from './fake-inbox';

const PSID = '7312345678901234';

/** A Messenger customer who wrote through a connected page and whose profile Meta has not given (yet). */
const unnamedServer = () =>
  janeServer({
    conversations: [
      aConversation({ customerName: '', platform: 'facebook', platformUsername: PSID, reachable: true }),
    ],
    customers: [aCustomer({ name: '', platform: 'facebook', platformUsername: PSID, reachable: true })],
  });

beforeEach(() => setViewportWidth(1440));
afterEach(() => window.localStorage.removeItem(LANGUAGE_STORAGE_KEY));

describe.each([
  ['en', 'Messenger customer', 'Name not known yet', 'Facebook'],
  ['ar', 'عميل ماسنجر', 'الاسم غير معروف بعد', 'فيسبوك'],
])('a customer without a name (%s)', (language, unnamed, nameUnknown, platformName) => {
  beforeEach(() => window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language));

  it("is the channel's customer, with its icon, in the list and the contact panel; never their page-scoped id", async () => {
    openInbox(unnamedServer(), '/inbox?customer=c-1');
    const [item] = await screen.findAllByTestId('conversation-item');
    const listName = within(item).getByTestId('conversation-name');
    expect(listName).toHaveTextContent(unnamed);
    expect(within(listName).getByTestId('platform-icon')).toHaveTextContent('FB');

    const panel = await screen.findByTestId('contact-panel');
    const panelName = await within(panel).findByTestId('contact-customer');
    expect(panelName).toHaveTextContent(unnamed);
    expect(within(panelName).getByTestId('platform-icon')).toBeInTheDocument();
    expect(within(panel).queryByTestId('contact-username')).toBeNull();
    expect(screen.getByTestId('thread-customer-name')).toHaveTextContent(unnamed);
    // The header's second line says plainly that the name is not known, not the channel again by another name.
    const line = screen.getByTestId('thread-customer-line');
    expect(line).toHaveTextContent(nameUnknown);
    expect(line).not.toHaveTextContent(platformName);
    expect(document.body).not.toHaveTextContent(PSID);
  });
});

it('shows a named customer by their name, without the icon beside it', async () => {
  openInbox(
    janeServer({ conversations: [aConversation()], customers: [aCustomer()] }),
    '/inbox?customer=c-1',
  );
  const [item] = await screen.findAllByTestId('conversation-item');
  const listName = within(item).getByTestId('conversation-name');
  expect(listName).toHaveTextContent('Jane Smith');
  expect(within(listName).queryByTestId('platform-icon')).toBeNull();
  const panel = await screen.findByTestId('contact-panel');
  expect(await within(panel).findByTestId('contact-customer')).toHaveTextContent('Jane Smith');
  expect(screen.getByTestId('thread-customer-line')).toHaveTextContent('Instagram');
});
