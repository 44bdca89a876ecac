import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, lastBodyOf, networkDown, requestsOf } from '../../../test/fake-api';
import { renderSignedOut } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';

const SENT =
  'If this address has an account waiting for verification, a new verification email has been sent.';
const NEXT_STEPS = [
  'Check your inbox.',
  'Find the email from Parley (look in your spam folder too).',
  'Click the verification link in the email.',
  'Come back here and log in.',
];

function verifyEmailPath(query: Record<string, string>) {
  return `/verify-email?${new URLSearchParams(query).toString()}`;
}

describe('/verify-email', () => {
  it('says where the link went, lists the next steps and links to login', async () => {
    renderSignedOut(verifyEmailPath({ email: 'ada@example.com' }));

    expect(await screen.findByText('We sent a verification link to ada@example.com.')).toBeInTheDocument();
    const steps = screen.getByRole('region', { name: 'Next steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(NEXT_STEPS);
    expect(screen.queryByTestId('verify-email-now')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it.each([
    ['a path on this site', '/api/auth/verify-email?token=tok-1'],
    ['an address on this site', 'http://localhost/api/auth/verify-email?token=tok-1'],
  ])('offers "Verify Email Now" in a development box for %s', async (_case, verificationUrl) => {
    renderSignedOut(verifyEmailPath({ email: 'ada@example.com', verificationUrl }));

    const box = await screen.findByTestId('verify-dev-box');
    expect(within(box).getByText('Development mode')).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'Verify Email Now' })).toHaveAttribute(
      'href',
      'http://localhost/api/auth/verify-email?token=tok-1',
    );
    expect(screen.queryByRole('region', { name: 'Next steps' })).not.toBeInTheDocument();
  });

  it.each([
    ['another site', 'https://evil.example/api/auth/verify-email?token=tok-1'],
    ['a protocol-relative address', '//evil.example/verify'],
    ['a script', 'javascript:alert(1)'],
  ])('never offers a link to %s', async (_case, verificationUrl) => {
    renderSignedOut(verifyEmailPath({ email: 'ada@example.com', verificationUrl }));

    expect(await screen.findByRole('region', { name: 'Next steps' })).toBeInTheDocument();
    expect(screen.queryByTestId('verify-dev-box')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Verify Email Now' })).not.toBeInTheDocument();
  });

  it('resends the email in the page language and shows a new development link', async () => {
    const { fetchSpy } = renderSignedOut(verifyEmailPath({ email: 'ada@example.com' }), {
      'POST /api/auth/resend-verification': () =>
        json(200, { message: SENT, verificationUrl: 'http://localhost/api/auth/verify-email?token=tok-2' }),
    });

    await userEvent.click(await screen.findByTestId('verify-resend'));

    const toast = await findToast(SENT);
    expect(toast.kind).toBe('success');
    expect(toast.hasTitle('Verification Email Sent')).toBe(true);
    expect(await lastBodyOf(fetchSpy, 'POST /api/auth/resend-verification')).toEqual({
      email: 'ada@example.com',
      language: 'en',
    });
    expect(await screen.findByRole('link', { name: 'Verify Email Now' })).toHaveAttribute(
      'href',
      'http://localhost/api/auth/verify-email?token=tok-2',
    );
  });

  it('asks for an email address when the page has none, then resends to the one typed', async () => {
    const { fetchSpy } = renderSignedOut('/verify-email', {
      'POST /api/auth/resend-verification': () => json(200, { message: SENT }),
    });

    await userEvent.click(await screen.findByTestId('verify-resend'));
    const toast = await findToast('Please enter your email address');
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Error')).toBe(true);
    expect(requestsOf(fetchSpy).filter((request) => request.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByTestId('verify-resend'));

    expect((await findToast(SENT)).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'POST /api/auth/resend-verification')).toMatchObject({
      email: 'ada@example.com',
    });
  });

  it.each([
    [
      429,
      { message: 'Too many attempts. Please wait a moment and try again.' },
      'Too many attempts. Please wait a moment and try again.',
    ],
    [500, '', 'Failed to resend verification email'],
  ])(
    'shows the server message, else "Failed to resend verification email" (%s)',
    async (status, body, text) => {
      renderSignedOut(verifyEmailPath({ email: 'ada@example.com' }), {
        'POST /api/auth/resend-verification': () => json(status, body),
      });

      await userEvent.click(await screen.findByTestId('verify-resend'));

      const toast = await findToast(text);
      expect(toast.kind).toBe('error');
      expect(toast.hasTitle('Error')).toBe(true);
    },
  );

  it('says "Failed to resend verification email. Please try again." when the network fails', async () => {
    renderSignedOut(verifyEmailPath({ email: 'ada@example.com' }), {
      'POST /api/auth/resend-verification': networkDown,
    });

    await userEvent.click(await screen.findByTestId('verify-resend'));

    expect((await findToast('Failed to resend verification email. Please try again.')).kind).toBe('error');
  });

  it('says so when the emailed link was invalid, used or expired', async () => {
    renderSignedOut('/verify-email?error=invalid-link');

    const alert = await screen.findByTestId('verify-invalid-link');
    expect(alert).toHaveTextContent('This verification link is invalid or has expired.');
    expect(alert).toHaveTextContent('Request a new verification email below.');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('says it in Arabic when Arabic was chosen', async () => {
    window.localStorage.setItem('parley.language', 'ar');
    renderSignedOut('/verify-email?error=invalid-link');

    expect(await screen.findByTestId('verify-invalid-link')).toHaveTextContent(
      'رابط التأكيد هذا غير صالح أو منتهي الصلاحية.',
    );
  });
});

describe('/verification-success', () => {
  it('says the email is verified and links to login and the homepage', async () => {
    renderSignedOut('/verification-success?email=ada%40example.com');

    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeInTheDocument();
    expect(screen.getByText('Account activated successfully!')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com is verified. You can now log in.')).toBeInTheDocument();
    expect(screen.getByTestId('verification-success-login')).toHaveAttribute('href', '/login');
    expect(screen.getByTestId('verification-success-home')).toHaveAttribute('href', '/');
  });

  it('needs no email', async () => {
    renderSignedOut('/verification-success');

    expect(await screen.findByText('Account activated successfully!')).toBeInTheDocument();
    expect(screen.queryByText(/is verified/)).not.toBeInTheDocument();
  });
});
