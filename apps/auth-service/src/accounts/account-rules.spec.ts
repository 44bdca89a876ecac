import { passwordLink, signUpLink, signUpPurpose, tokenExpiry, voidedBy } from './account-rules';

describe('account rules', () => {
  const url = 'https://app.example.com';

  it('voids every earlier sign-up link with a new one of either kind, and reset links only with a reset link', () => {
    expect(voidedBy('verify-email')).toEqual(['verify-email', 'choose-password']);
    expect(voidedBy('choose-password')).toEqual(['verify-email', 'choose-password']);
    expect(voidedBy('reset-password')).toEqual(['reset-password']);
  });

  it('keeps sign-up links a day and reset links an hour', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(tokenExpiry('verify-email', now).toISOString()).toBe('2026-11-25T12:00:00.000Z');
    expect(tokenExpiry('choose-password', now).toISOString()).toBe('2026-11-25T12:00:00.000Z');
    expect(tokenExpiry('reset-password', now).toISOString()).toBe('2026-11-24T13:00:00.000Z');
  });

  it('mails a link to choose the password once the address was signed up for twice', () => {
    expect(signUpPurpose({ mustChoosePassword: false })).toBe('verify-email');
    expect(signUpPurpose({ mustChoosePassword: true })).toBe('choose-password');
  });

  it('links a verification to the API and a password choice to the web page', () => {
    expect(signUpLink(url, 'verify-email', 'tok')).toBe(`${url}/api/auth/verify-email?token=tok`);
    expect(signUpLink(url, 'choose-password', 'tok')).toBe(`${url}/reset-password/tok?choose=1`);
    expect(passwordLink(url, 'tok')).toBe(`${url}/reset-password/tok`);
  });
});
