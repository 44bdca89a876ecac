import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WELCOME_SEEN_KEY } from '../../features/dashboard/components/WelcomeOverlay';
import { renderSignedIn } from '../../test/render-app';

async function openAt(path: string) {
  window.localStorage.setItem(WELCOME_SEEN_KEY, 'true');
  const scrollTo = jest.spyOn(window, 'scrollTo');
  renderSignedIn(path);
  await screen.findByRole('heading', { level: 2 });
  scrollTo.mockClear();
  return scrollTo;
}

describe('scroll position across pages', () => {
  it('opens the next page at its top', async () => {
    const scrollTo = await openAt('/customers');

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Products' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Product Catalog' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('keeps the scroll when only a tab of the page changes', async () => {
    const scrollTo = await openAt('/');

    await userEvent.click(await screen.findByRole('tab', { name: 'Test Agent' }));

    expect(window.location.search).toBe('?tab=test-agent');
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
