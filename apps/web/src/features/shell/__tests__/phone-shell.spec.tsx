import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSignedIn } from '../../../test/render-app';
import { setViewportWidth } from '../../../test/viewport';
import { LANGUAGE_STORAGE_KEY } from '../../language';

async function openMenu() {
  await userEvent.click(await screen.findByTestId('shell-menu-button'));
  return screen.findByRole('dialog');
}

/** The drawer has slid out (antd keeps it in the page, hidden, for the next time). */
function isClosed(drawer: HTMLElement): boolean {
  return !drawer.closest('.ant-drawer')?.classList.contains('ant-drawer-open');
}

describe('signed-in shell on a phone', () => {
  // A phone's window (390 px wide) is narrower than the sidebar's breakpoint.
  beforeEach(() => setViewportWidth(390));

  it('gives the page the whole width: no sidebar beside it, a menu button in the header', async () => {
    renderSignedIn('/customers');

    expect(await screen.findByRole('heading', { level: 2, name: 'Customers' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the sidebar as a drawer from the left, and closes it when a page is picked', async () => {
    renderSignedIn('/customers');

    const drawer = await openMenu();
    expect(isClosed(drawer)).toBe(false);
    expect(drawer.closest('.ant-drawer-left')).not.toBeNull();
    const nav = within(drawer).getByRole('navigation', { name: 'Main navigation' });
    expect(within(drawer).getByTestId('logout-button')).toBeInTheDocument();
    expect(within(drawer).getByTestId('language-switch')).toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('link', { name: 'Products' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Product Catalog' })).toBeInTheDocument();
    await waitFor(() => expect(isClosed(drawer)).toBe(true));
    expect(screen.getByTestId('shell-menu-button')).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the drawer on the way to the plans from the user panel', async () => {
    renderSignedIn('/customers');

    const drawer = await openMenu();
    await userEvent.click(within(drawer).getByRole('link', { name: 'Plans' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Choose Your Plan' })).toBeInTheDocument();
    await waitFor(() => expect(isClosed(drawer)).toBe(true));
  });

  it('slides the drawer in from the right in Arabic', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    renderSignedIn('/customers');

    const drawer = await openMenu();

    expect(drawer.closest('.ant-drawer-right')).not.toBeNull();
    expect(within(drawer).getByRole('navigation', { name: 'التنقل الرئيسي' })).toBeInTheDocument();
  });
});
