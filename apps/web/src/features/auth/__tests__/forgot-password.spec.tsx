import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, lastBodyOf, networkDown } from '../../../test/fake-api';
import { renderSignedOut } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';

const SENT = 'If an account exists for this email, a password reset link has been sent.';
const NOT_VERIFIED = 'Please verify your email address before resetting your password.';

async function requestReset(email = 'ada@example.com') {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.click(screen.getByTestId('forgot-submit'));
}

describe('/forgot-password', () => {
  it('sends the reset link and shows "Check your email" with a way back to login', async () => {
    const { fetchSpy } = renderSignedOut('/forgot-password', {
      'POST /api/auth/forgot-password': () => json(200, { message: SENT }),
    });

    expect(await screen.findByTestId('forgot-email')).toHaveAttribute('type', 'email');
    await requestReset();

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    const toast = await findToast(SENT);
    expect(toast.kind).toBe('success');
    expect(toast.hasTitle('Reset link sent')).toBe(true);
    expect(await lastBodyOf(fetchSpy, 'POST /api/auth/forgot-password')).toEqual({
      email: 'ada@example.com',
      language: 'en',
    });
    expect(screen.getByText(/If an account exists for ada@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('sends an unverified account to /verify-email 2 seconds after saying "Email Not Verified"', async () => {
    renderSignedOut('/forgot-password', {
      'POST /api/auth/forgot-password': () => json(403, { message: NOT_VERIFIED, needsVerification: true }),
    });

    await requestReset();

    const toast = await findToast(NOT_VERIFIED);
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Email Not Verified')).toBe(true);
    const shownAt = Date.now();
    expect(window.location.pathname).toBe('/forgot-password');

    expect(
      await screen.findByRole('heading', { name: 'Verify your email' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/verify-email?email=ada%40example.com',
    );
  });

  it.each([
    [
      429,
      { message: 'Too many attempts. Please wait a moment and try again.' },
      'Too many attempts. Please wait a moment and try again.',
    ],
    [500, '', 'Failed to send reset email'],
  ])('shows the server message, else "Failed to send reset email" (%s)', async (status, body, text) => {
    renderSignedOut('/forgot-password', { 'POST /api/auth/forgot-password': () => json(status, body) });

    await requestReset();

    const toast = await findToast(text);
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Error')).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });

  it('says "Failed to send reset email. Please try again." when the network fails', async () => {
    renderSignedOut('/forgot-password', { 'POST /api/auth/forgot-password': networkDown });

    await requestReset();

    expect((await findToast('Failed to send reset email. Please try again.')).kind).toBe('error');
    await waitFor(() => expect(window.location.pathname).toBe('/forgot-password'));
  });
});
