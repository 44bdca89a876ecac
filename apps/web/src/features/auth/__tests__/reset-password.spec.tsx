import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, lastBodyOf, networkDown, requestsOf } from '../../../test/fake-api';
import { renderSignedOut } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';

const RESET = 'Your password has been reset. You can now log in with your new password.';
const CHOSEN = 'Your password is set and your email address is verified. You can now log in.';
const EXPIRED = 'This password reset link is invalid or has expired. Please request a new one.';
const PASSWORD = 'Babbage-1791!';

/** Pastes each value: typing key by key re-renders the checklist on every key, which is slow in jsdom. */
async function choosePassword(password: string, confirm: string) {
  for (const [testId, value] of [
    ['reset-password', password],
    ['reset-confirm', confirm],
  ]) {
    await userEvent.click(await screen.findByTestId(testId));
    await userEvent.paste(value);
  }
}

async function submitWhenReady() {
  // The checklist follows the password a moment later (antd batches form watchers in a macrotask).
  await waitFor(() => expect(screen.getByTestId('reset-submit')).toBeEnabled());
  await userEvent.click(screen.getByTestId('reset-submit'));
}

describe('/reset-password/{token}', () => {
  it.each(['/reset-password', '/reset-password/'])(
    'says "Invalid Link" without a token (%s) and goes on to /forgot-password',
    async (path) => {
      renderSignedOut(path);

      expect(await screen.findByRole('heading', { name: 'Invalid Link' })).toBeInTheDocument();
      const toast = await findToast('This password reset link is invalid or missing.');
      expect(toast.kind).toBe('error');
      expect(toast.hasTitle('Invalid Link')).toBe(true);

      expect(
        await screen.findByRole('heading', { name: 'Forgot password' }, { timeout: 4000 }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/forgot-password');
    },
  );

  it('has a new password with the live checklist, and a confirmation of at least 8 characters', async () => {
    renderSignedOut('/reset-password/tok-1');

    expect(await screen.findByLabelText('New password')).toBe(screen.getByTestId('reset-password'));
    expect(screen.getByLabelText('Confirm password')).toBe(screen.getByTestId('reset-confirm'));
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    // Nothing shows as met before the user types.
    expect(within(checklist).getAllByRole('img', { name: 'Not met' })).toHaveLength(6);
    expect(screen.getByTestId('reset-submit')).toBeDisabled();

    await choosePassword(PASSWORD, 'Babbage');
    await submitWhenReady();

    expect(await screen.findByText('Confirm password must be at least 8 characters')).toBeInTheDocument();
  });

  it('says "Passwords do not match" and sends nothing', async () => {
    const { fetchSpy } = renderSignedOut('/reset-password/tok-1');

    await choosePassword(PASSWORD, 'Babbage-1791?');
    await submitWhenReady();

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(requestsOf(fetchSpy).filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('resets the password and offers to continue to login', async () => {
    const { fetchSpy } = renderSignedOut('/reset-password/tok-1', {
      'POST /api/auth/reset-password': () => json(200, { message: RESET }),
    });

    await choosePassword(PASSWORD, PASSWORD);
    await submitWhenReady();

    expect(await screen.findByRole('heading', { name: 'Password Reset Successfully' })).toBeInTheDocument();
    const toast = await findToast(RESET);
    expect(toast.kind).toBe('success');
    expect(toast.hasTitle('Success')).toBe(true);
    expect(await lastBodyOf(fetchSpy, 'POST /api/auth/reset-password')).toEqual({
      token: 'tok-1',
      password: PASSWORD,
    });
    expect(screen.getByRole('link', { name: 'Continue to Login' })).toHaveAttribute('href', '/login');
  });

  it('words the link of a second sign-up as choosing a password, which also verifies the address', async () => {
    const { fetchSpy } = renderSignedOut('/reset-password/tok-2?choose=1', {
      'POST /api/auth/reset-password': () => json(200, { message: CHOSEN }),
    });

    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(screen.getByText(/Someone signed up again with this email address/)).toBeInTheDocument();
    await choosePassword(PASSWORD, PASSWORD);
    await waitFor(() => expect(screen.getByTestId('reset-submit')).toBeEnabled());
    expect(screen.getByTestId('reset-submit')).toHaveTextContent('Set password');
    await userEvent.click(screen.getByTestId('reset-submit'));

    expect(await screen.findByRole('heading', { name: 'Password Set' })).toBeInTheDocument();
    expect((await findToast(CHOSEN)).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'POST /api/auth/reset-password')).toEqual({
      token: 'tok-2',
      password: PASSWORD,
    });
    expect(screen.getByRole('link', { name: 'Continue to Login' })).toHaveAttribute('href', '/login');
  });

  it.each([
    [404, { message: EXPIRED }, EXPIRED],
    [
      400,
      { message: 'This password is too common. Please choose a less predictable one.' },
      'This password is too common. Please choose a less predictable one.',
    ],
    [500, '', 'Failed to reset password'],
  ])('shows the server message, else "Failed to reset password" (%s)', async (status, body, text) => {
    renderSignedOut('/reset-password/tok-1', { 'POST /api/auth/reset-password': () => json(status, body) });

    await choosePassword(PASSWORD, PASSWORD);
    await submitWhenReady();

    const toast = await findToast(text);
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Error')).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Password Reset Successfully' })).not.toBeInTheDocument();
  });

  it('says "Failed to reset password. Please try again." when the network fails', async () => {
    renderSignedOut('/reset-password/tok-1', { 'POST /api/auth/reset-password': networkDown });

    await choosePassword(PASSWORD, PASSWORD);
    await submitWhenReady();

    expect((await findToast('Failed to reset password. Please try again.')).kind).toBe('error');
  });
});
