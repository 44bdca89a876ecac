import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../../app/browser';
import { json, lastBodyOf, networkDown, requestsOf } from '../../../test/fake-api';
import { ada, renderSignedOut } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';
import { LANGUAGE_STORAGE_KEY } from '../../language';

async function logIn(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByTestId('login-submit'));
}

describe('/login', () => {
  let assign: jest.SpyInstance;
  beforeEach(() => {
    // jsdom cannot load a page: see where the app sends the browser instead.
    assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  });

  it('has email and password fields and links to /forgot-password and /register', async () => {
    renderSignedOut('/login');

    expect(await screen.findByTestId('login-email')).toBe(screen.getByLabelText('Email'));
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByTestId('login-password')).toBe(screen.getByLabelText('Password'));
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it('signs in: refreshes the current user, says so, and reloads the app at / 100 ms later', async () => {
    let signedIn = false;
    const { fetchSpy } = renderSignedOut('/login', {
      'GET /api/auth/me': () => (signedIn ? json(200, ada) : json(401, { message: 'Not signed in' })),
      'POST /api/auth/login': () => {
        signedIn = true;
        return json(200, { message: 'Logged in successfully' });
      },
    });

    await logIn('ada@example.com', 'Correct-Horse-9');

    const toast = await findToast('Logged in successfully');
    expect(toast.kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'POST /api/auth/login')).toEqual({
      email: 'ada@example.com',
      password: 'Correct-Horse-9',
    });
    const login = requestsOf(fetchSpy).find((request) => request.url.endsWith('/api/auth/login'));
    expect(login?.credentials).toBe('include');
    await waitFor(() =>
      expect(requestsOf(fetchSpy).filter((request) => request.url.endsWith('/api/auth/me'))).toHaveLength(2),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    // Until the reload the login page stays: no signed-in not-found screen for /login in between.
    expect(screen.queryByText('404 Page Not Found')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it.each([
    ['wrong credentials (401)', 401, { message: 'Invalid email or password' }],
    ['too many attempts (429)', 429, { message: 'Too many attempts. Please wait a moment and try again.' }],
    ['a server error without a body', 500, ''],
  ])('says "Invalid username or password" for %s', async (_case, status, body) => {
    renderSignedOut('/login', { 'POST /api/auth/login': () => json(status, body) });

    await logIn('ada@example.com', 'Wrong-Horse-9');

    const toast = await findToast('Invalid username or password');
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Error')).toBe(true);
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers to verify the email address when the account is not verified yet (403), with no error toast', async () => {
    renderSignedOut('/login', {
      'POST /api/auth/login': () =>
        json(403, {
          message: 'Please verify your email address before logging in.',
          needsVerification: true,
        }),
    });

    await logIn('ada@example.com', 'Correct-Horse-9');

    expect(
      await screen.findByText('Please verify your email address before logging in.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Resend the verification email' })).toHaveAttribute(
      'href',
      '/verify-email?email=ada%40example.com',
    );
    expect(screen.queryByText('Invalid username or password')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says "Failed to login. Please try again." when the network fails', async () => {
    renderSignedOut('/login', { 'POST /api/auth/login': networkDown });

    await logIn('ada@example.com', 'Correct-Horse-9');

    const toast = await findToast('Failed to login. Please try again.');
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Error')).toBe(true);
  });

  it('requires both fields and a valid email address before asking the server', async () => {
    const { fetchSpy } = renderSignedOut('/login');

    await userEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'ada@');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(requestsOf(fetchSpy).filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('is in Arabic, right to left, when Arabic was chosen', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    renderSignedOut('/login', {
      'POST /api/auth/login': () => json(401, { message: 'Invalid email or password' }),
    });

    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(screen.getByTestId('login-submit')).toHaveClass('ant-btn-rtl');
    expect(screen.getByRole('link', { name: 'هل نسيت كلمة المرور؟' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );

    await userEvent.type(screen.getByLabelText('البريد الإلكتروني'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('كلمة المرور'), 'Wrong-Horse-9');
    await userEvent.click(screen.getByTestId('login-submit'));

    const toast = await findToast('اسم المستخدم أو كلمة المرور غير صحيحة');
    expect(toast.hasTitle('خطأ')).toBe(true);
  });
});
