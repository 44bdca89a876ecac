import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FakeRoutes, json, lastBodyOf, requestsTo } from '../../../test/fake-api';
import { renderSignedIn } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';
import { anAiConfig, configuredShop } from '../../../test/fixtures/ai-config';

function openSetup(routes: FakeRoutes = {}) {
  return renderSignedIn('/business-setup', undefined, {
    'GET /api/ai-config': () => json(200, anAiConfig()),
    'PUT /api/ai-config': () => json(200, configuredShop),
    ...routes,
  });
}

describe('/business-setup', () => {
  it('saves the business details and goes to the dashboard', async () => {
    const { fetchSpy } = openSetup();
    await screen.findByTestId('business-setup-form');

    await userEvent.type(screen.getByTestId('business-company-name'), 'Olive & Oak');
    await userEvent.type(screen.getByTestId('business-company-description'), 'Handmade wooden furniture.');
    await userEvent.type(screen.getByTestId('business-address'), '12 Mill Lane, Bristol');
    await userEvent.type(screen.getByTestId('business-phone'), '+44 117 496 0000');
    await userEvent.type(screen.getByTestId('business-email'), 'hello@oliveandoak.example');
    await userEvent.type(screen.getByTestId('business-website'), 'oliveandoak.example');
    await userEvent.type(screen.getByTestId('business-opening-hours'), 'Mon–Sat 9–17');
    await userEvent.click(screen.getByTestId('business-collect-email'));
    await userEvent.click(screen.getByTestId('business-collect-phone'));
    await userEvent.type(
      screen.getByRole('combobox', { name: 'Additional details to ask for' }),
      'Order number{Enter}Delivery date{Enter}',
    );
    await userEvent.click(screen.getByTestId('business-setup-submit'));

    expect((await findToast('Business setup saved.')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'PUT /api/ai-config')).toEqual({
      companyName: 'Olive & Oak',
      companyDescription: 'Handmade wooden furniture.',
      currency: 'USD',
      address: '12 Mill Lane, Bristol',
      phoneNumber: '+44 117 496 0000',
      email: 'hello@oliveandoak.example',
      website: 'oliveandoak.example',
      googleMapsLocation: null,
      openingHours: 'Mon–Sat 9–17',
      collectCustomerName: true,
      collectCustomerPhone: false,
      collectCustomerEmail: true,
      collectCustomerAddress: false,
      additionalFields: ['Order number', 'Delivery date'],
      // Until one is stored, the business's time zone is the browser's.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
  });

  it('starts from the saved configuration', async () => {
    openSetup({
      'GET /api/ai-config': () => json(200, { ...configuredShop, additionalFields: ['Order number'] }),
    });
    await screen.findByTestId('business-setup-form');

    expect(screen.getByTestId('business-company-name')).toHaveValue('Olive & Oak');
    expect(screen.getByTestId('business-collect-name')).toBeChecked();
    expect(screen.getByTestId('business-collect-address')).not.toBeChecked();
    expect(screen.getByTestId('business-additional-fields')).toHaveTextContent('Order number');
  });

  it('needs the company name and description', async () => {
    const { fetchSpy } = openSetup();
    await screen.findByTestId('business-setup-form');

    await userEvent.click(screen.getByTestId('business-setup-submit'));

    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Company description is required')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'PUT /api/ai-config')).toHaveLength(0);
  });

  it("shows the server's reason and stays when saving fails", async () => {
    openSetup({ 'PUT /api/ai-config': () => json(400, { message: 'Website must be a valid web address' }) });
    await screen.findByTestId('business-setup-form');

    await userEvent.type(screen.getByTestId('business-company-name'), 'Olive & Oak');
    await userEvent.type(screen.getByTestId('business-company-description'), 'Furniture.');
    await userEvent.type(screen.getByTestId('business-website'), 'not a site');
    await userEvent.click(screen.getByTestId('business-setup-submit'));

    expect((await findToast('Website must be a valid web address')).kind).toBe('error');
    expect(window.location.pathname).toBe('/business-setup');
  });
});
