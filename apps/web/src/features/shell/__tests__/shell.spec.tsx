import { screen, within } from '@testing-library/react';
import { ada, renderSignedIn } from '../../../test/render-app';

const SIDEBAR = [
  ['Dashboard', '/'],
  ['Inbox', '/inbox'],
  ['Messages', '/messages'],
  ['Customers', '/customers'],
  ['Pipeline', '/pipeline'],
  ['Reports', '/reports'],
  ['Products', '/products'],
  ['Email Marketing', '/email-marketing'],
  ['AI Training', '/ai-training'],
  ['Social Media', '/social-media'],
  ['Integrations', '/social-integrations'],
  ['AI Config', '/ai-config'],
  ['Team', '/team'],
];

describe('signed-in shell', () => {
  it('lists the nine sidebar entries of spec 000 §2, the inbox after the dashboard, the pipeline and the reports after the customers and the team last, in order', async () => {
    renderSignedIn('/');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(SIDEBAR);
  });

  it("shows the user's initial and name, the language switch and a logout button", async () => {
    renderSignedIn('/messages');

    const sidebar = await screen.findByRole('complementary');
    expect(within(sidebar).getByText('A')).toBeInTheDocument();
    expect(within(sidebar).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(sidebar).getByTestId('language-switch')).toBeInTheDocument();
    expect(within(sidebar).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    // The browser journeys find them by these ids.
    expect(within(sidebar).getByTestId('user-menu-initial')).toHaveTextContent('A');
    expect(within(sidebar).getByTestId('user-menu-name')).toHaveTextContent('Ada Lovelace');
    expect(within(sidebar).getByTestId('logout-button')).toHaveTextContent('Log out');
  });

  it('links to the plans from the sidebar', async () => {
    renderSignedIn('/messages');

    const sidebar = await screen.findByRole('complementary');
    expect(within(sidebar).getByRole('link', { name: 'Plans' })).toHaveAttribute('href', '/pricing');
  });

  it('names a user without a name after their email address', async () => {
    renderSignedIn('/', { ...ada, name: '', email: 'grace.hopper@example.com' });

    const sidebar = await screen.findByRole('complementary');
    expect(within(sidebar).getByText('G')).toBeInTheDocument();
    expect(within(sidebar).getByText('grace.hopper')).toBeInTheDocument();
  });
});
