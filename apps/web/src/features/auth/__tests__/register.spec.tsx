import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, lastBodyOf, networkDown, requestsOf } from '../../../test/fake-api';
import { renderSignedOut } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';
import { LANGUAGE_STORAGE_KEY } from '../../language';

const CHECKLIST = [
  ['minLength', 'At least 8 characters'],
  ['uppercase', 'One uppercase letter'],
  ['lowercase', 'One lowercase letter'],
  ['number', 'One number'],
  ['special', 'One special character (such as ! @ # ?)'],
  ['repeats', 'No character more than twice'],
];

const CREATED = 'Account created! Please check your email to verify your account.';

/** Which checklist rules show as held, by rule id. */
function heldRules(): string[] {
  return within(screen.getByTestId('password-checklist'))
    .getAllByRole('listitem')
    .filter((item) => item.dataset.met === 'true')
    .map((item) => item.dataset.rule ?? '');
}

/** Pastes each value: typing key by key re-renders the checklist on every key, which is slow in jsdom. */
async function fillForm(email: string, password: string, confirm: string) {
  for (const [testId, value] of [
    ['register-email', email],
    ['register-password', password],
    ['register-confirm', confirm],
  ]) {
    await userEvent.click(await screen.findByTestId(testId));
    await userEvent.paste(value);
  }
  // The checklist follows the password a moment later (antd batches form watchers in a macrotask).
  await waitFor(() => expect(screen.getByTestId('register-submit')).toBeEnabled());
}

describe('/register', () => {
  it('has labelled email, password and confirm fields and a link to /login', async () => {
    renderSignedOut('/register');

    expect(await screen.findByLabelText('Email')).toBe(screen.getByTestId('register-email'));
    expect(screen.getByLabelText('Password')).toBe(screen.getByTestId('register-password'));
    expect(screen.getByLabelText('Confirm password')).toBe(screen.getByTestId('register-confirm'));
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('shows the six password rules live and keeps submit disabled until all hold', async () => {
    renderSignedOut('/register');

    const checklist = await screen.findByRole('list', { name: 'Password requirements' });
    expect(
      within(checklist)
        .getAllByRole('listitem')
        .map((item) => [item.dataset.rule, item.textContent]),
    ).toEqual(CHECKLIST);
    // An empty field holds nothing, not even "no character more than twice".
    expect(within(checklist).getAllByRole('img', { name: 'Not met' })).toHaveLength(6);
    expect(heldRules()).toEqual([]);
    expect(screen.getByTestId('register-submit')).toBeDisabled();

    const password = screen.getByTestId('register-password');
    await userEvent.type(password, 'abc');
    expect(heldRules()).toEqual(['lowercase', 'repeats']);
    await userEvent.type(password, 'D1!');
    expect(heldRules()).toEqual(['uppercase', 'lowercase', 'number', 'special', 'repeats']);
    expect(screen.getByTestId('register-submit')).toBeDisabled();

    await userEvent.type(password, 'xy');
    expect(heldRules()).toEqual(CHECKLIST.map(([rule]) => rule));
    expect(within(checklist).getAllByRole('img', { name: 'Met' })).toHaveLength(6);
    expect(screen.getByTestId('register-submit')).toBeEnabled();

    await userEvent.type(password, 'aa');
    expect(heldRules()).not.toContain('repeats');
    expect(screen.getByTestId('register-submit')).toBeDisabled();

    await userEvent.clear(password);
    await waitFor(() => expect(heldRules()).toEqual([]));
  });

  it('asks for a password that meets all requirements when the field is left incomplete', async () => {
    renderSignedOut('/register');

    await userEvent.type(await screen.findByTestId('register-password'), 'abc');
    await userEvent.tab();

    expect(await screen.findByText('Please ensure your password meets all requirements')).toBeInTheDocument();
  });

  it('says "Passwords do not match" and sends nothing', async () => {
    const { fetchSpy } = renderSignedOut('/register');

    await fillForm('ada@example.com', 'Lovelace-1843!', 'Lovelace-1843?');
    await userEvent.click(screen.getByTestId('register-submit'));

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(requestsOf(fetchSpy).filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('wants at least 6 characters in the confirmation', async () => {
    renderSignedOut('/register');

    await fillForm('ada@example.com', 'Lovelace-1843!', 'Ana1!');
    await userEvent.click(screen.getByTestId('register-submit'));

    expect(await screen.findByText('Confirm password must be at least 6 characters')).toBeInTheDocument();
  });

  it('creates the account, says so and goes to /verify-email with the development link', async () => {
    const verificationUrl = `${window.location.origin}/api/auth/verify-email?token=tok-1`;
    const { fetchSpy } = renderSignedOut('/register', {
      'POST /api/auth/register': () => json(201, { message: CREATED, verificationUrl }),
    });

    await fillForm('ada@example.com', 'Lovelace-1843!', 'Lovelace-1843!');
    await userEvent.click(screen.getByTestId('register-submit'));

    const toast = await findToast(CREATED);
    expect(toast.kind).toBe('success');
    expect(toast.hasTitle('Account Created')).toBe(true);
    expect(await lastBodyOf(fetchSpy, 'POST /api/auth/register')).toEqual({
      email: 'ada@example.com',
      password: 'Lovelace-1843!',
      language: 'en',
    });
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/verify-email');
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
      email: 'ada@example.com',
      verificationUrl,
    });
    expect(screen.getByRole('link', { name: 'Verify Email Now' })).toHaveAttribute('href', verificationUrl);
  });

  it('goes to /verify-email?email=… alone when the server sent no link', async () => {
    renderSignedOut('/register', { 'POST /api/auth/register': () => json(201, { message: CREATED }) });

    await fillForm('ada@example.com', 'Lovelace-1843!', 'Lovelace-1843!');
    await userEvent.click(screen.getByTestId('register-submit'));

    expect(await screen.findByText('We sent a verification link to ada@example.com.')).toBeInTheDocument();
    expect(window.location.search).toBe('?email=ada%40example.com');
    expect(screen.queryByRole('link', { name: 'Verify Email Now' })).not.toBeInTheDocument();
  });

  it.each([
    [409, { message: 'An account with this email already exists. Please log in.' }],
    [400, { message: 'This password is too common. Please choose a less predictable one.' }],
    [429, { message: 'Too many attempts. Please wait a moment and try again.' }],
  ])("shows the server's message on %s", async (status, body) => {
    renderSignedOut('/register', { 'POST /api/auth/register': () => json(status, body) });

    await fillForm('ada@example.com', 'Lovelace-1843!', 'Lovelace-1843!');
    await userEvent.click(screen.getByTestId('register-submit'));

    const toast = await findToast(body.message);
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Error')).toBe(true);
    expect(window.location.pathname).toBe('/register');
  });

  it('says "Failed to create account" when the server gives no message', async () => {
    renderSignedOut('/register', { 'POST /api/auth/register': () => json(500, '') });

    await fillForm('ada@example.com', 'Lovelace-1843!', 'Lovelace-1843!');
    await userEvent.click(screen.getByTestId('register-submit'));

    expect((await findToast('Failed to create account')).kind).toBe('error');
  });

  it('says "Failed to create account. Please try again." when the network fails', async () => {
    renderSignedOut('/register', { 'POST /api/auth/register': networkDown });

    await fillForm('ada@example.com', 'Lovelace-1843!', 'Lovelace-1843!');
    await userEvent.click(screen.getByTestId('register-submit'));

    expect((await findToast('Failed to create account. Please try again.')).kind).toBe('error');
  });

  it("asks for the verification email in the page's language and shows the server's answer in it", async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    const { fetchSpy } = renderSignedOut('/register', {
      'POST /api/auth/register': () =>
        json(409, { message: 'An account with this email already exists. Please log in.' }),
    });

    await fillForm('ada@example.com', 'Lovelace-1843!', 'Lovelace-1843!');
    await userEvent.click(screen.getByTestId('register-submit'));

    const toast = await findToast('Ya existe una cuenta con este correo electrónico. Inicia sesión.');
    expect(toast.hasTitle('Error')).toBe(true);
    expect(await lastBodyOf(fetchSpy, 'POST /api/auth/register')).toMatchObject({ language: 'es' });
  });
});
