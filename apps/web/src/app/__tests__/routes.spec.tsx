import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../test/fake-api';
import { PLANS } from '../../test/fixtures/billing';
import { renderSignedIn, renderSignedOut } from '../../test/render-app';

const LANDING = 'Simple, transparent pricing';

describe('signed-out routes (spec 000 §2)', () => {
  it.each([
    ['/', LANDING],
    ['/checkout?package=pro', 'Checkout'],
    ['/login', 'Log in'],
    ['/register', 'Create your account'],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password/3b1f9c', 'Reset password'],
    ['/verify-email?email=ada%40example.com', 'Verify your email'],
    ['/verification-success', 'Email Verified!'],
    ['/reset-password', 'Invalid Link'],
    ['/reset-password/', 'Invalid Link'],
  ])('%s shows "%s"', async (path, heading) => {
    renderSignedOut(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it.each(['/no-such-page', '/messages', '/dashboard', '/pricing'])(
    '%s shows the landing page',
    async (path) => {
      renderSignedOut(path);
      expect(await screen.findByRole('heading', { name: LANDING })).toBeInTheDocument();
    },
  );

  it.each(['/LOGIN/', '/Login', '/login/'])(
    '%s matches /login (any case, optional trailing slash)',
    async (path) => {
      renderSignedOut(path);
      expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    },
  );

  it('follows the header link to /login without reloading the page', async () => {
    renderSignedOut('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });
});

describe('signed-in routes (spec 000 §2)', () => {
  it.each([
    ['/', 'Dashboard'],
    ['/dashboard', 'Dashboard'],
    ['/inbox', 'Inbox'],
    ['/setup/facebook', 'Platform setup'],
    ['/test-oauth', 'OAuth test'],
    ['/messages', 'Messages'],
    ['/customers', 'Customers'],
    ['/products', 'Product Catalog'],
    ['/email-marketing', 'Email Marketing'],
    ['/ai-config', 'AI Config'],
    ['/ai-training', 'AI Training'],
    ['/business-setup', 'Business setup'],
    ['/social-media', 'Social Media'],
    ['/social-integrations', 'Integrations'],
    // Not in spec 000 §2: the in-app Choose Your Plan screen (spec 001 §2) and the checkout it leads to.
    ['/pricing', 'Choose Your Plan'],
    ['/checkout?package=pro', 'Checkout'],
    // Not in the spec either: plan, allowance and purchases (issue #21).
    ['/billing', 'Billing'],
    // Issue #33: the workspace's members, for every member.
    ['/team', 'Team'],
  ])('%s shows "%s"', async (path, heading) => {
    renderSignedIn(path, undefined, { 'GET /api/plans': () => json(200, PLANS) });
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
  });

  it.each(['/Messages/', '/MESSAGES', '/messages/'])(
    '%s matches /messages (any case, optional trailing slash)',
    async (path) => {
      renderSignedIn(path);
      expect(await screen.findByRole('heading', { level: 2, name: 'Messages' })).toBeInTheDocument();
    },
  );

  it.each(['/no-such-page', '/login', '/messages/42'])('%s shows the not-found screen', async (path) => {
    renderSignedIn(path);
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });
});
