import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSignedOut } from '../../../test/render-app';
import { setViewportWidth } from '../../../test/viewport';
import { LANGUAGE_STORAGE_KEY } from '../../language';

/** "Watch demo" (issue #29 point 5): a tour of the product's own screens, in the visitor's language. */
async function openTour() {
  renderSignedOut('/');
  await userEvent.click(await screen.findByTestId('watch-demo'));
}

afterEach(() => window.localStorage.removeItem(LANGUAGE_STORAGE_KEY));

describe('product tour', () => {
  it('opens from Watch demo with the first screen, its caption, and steps through the five screens', async () => {
    await openTour();

    const tour = await screen.findByRole('dialog', { name: 'Product tour' });
    const image = within(tour).getByRole('img', { name: /^The dashboard:/ });
    expect(image).toHaveAttribute('src', '/tour/en/dashboard.webp');
    expect(within(tour).getByTestId('product-tour-caption')).toHaveTextContent(
      'The dashboard: your messages, leads and channels at a glance.',
    );
    expect(within(tour).getByRole('button', { name: /Previous/ })).toBeDisabled();

    const shown = ['/tour/en/dashboard.webp'];
    for (let step = 1; step < 5; step += 1) {
      await userEvent.click(within(tour).getByRole('button', { name: /Next/ }));
      shown.push(within(tour).getByTestId('product-tour-image').getAttribute('src') ?? '');
    }
    expect(shown).toEqual([
      '/tour/en/dashboard.webp',
      '/tour/en/inbox.webp',
      '/tour/en/training.webp',
      '/tour/en/products.webp',
      '/tour/en/customers.webp',
    ]);
    expect(within(tour).getByTestId('product-tour-caption')).toHaveTextContent(/^Customers:/);
    // The last step closes the tour.
    await userEvent.click(within(tour).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog', { name: 'Product tour' })).not.toBeInTheDocument();
  });

  it('goes to a screen by its button and by the arrow keys', async () => {
    await openTour();
    const tour = await screen.findByRole('dialog', { name: 'Product tour' });

    await userEvent.click(within(tour).getByRole('button', { name: 'Products' }));
    expect(within(tour).getByTestId('product-tour-image')).toHaveAttribute('src', '/tour/en/products.webp');
    expect(within(tour).getByRole('button', { name: 'Products' })).toHaveAttribute('aria-current', 'step');

    await userEvent.keyboard('{ArrowLeft}');
    expect(within(tour).getByTestId('product-tour-image')).toHaveAttribute('src', '/tour/en/training.webp');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(tour).getByTestId('product-tour-image')).toHaveAttribute('src', '/tour/en/customers.webp');
  });

  it('shows the Arabic screens and captions in Arabic, with the arrows following right-to-left, on a phone', async () => {
    setViewportWidth(390);
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    await openTour();

    const tour = await screen.findByRole('dialog', { name: 'جولة في المنتج' });
    expect(within(tour).getByTestId('product-tour-image')).toHaveAttribute('src', '/tour/ar/dashboard.webp');
    expect(within(tour).getByTestId('product-tour-caption')).toHaveTextContent(/^لوحة التحكم:/);
    // In right-to-left, the left arrow goes forward.
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(tour).getByTestId('product-tour-image')).toHaveAttribute('src', '/tour/ar/inbox.webp');
  });
});

