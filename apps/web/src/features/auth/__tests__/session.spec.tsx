import { renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../../app/browser';
import { fakeApi, json, never, requestsOf } from '../../../test/fake-api';
import { renderApp, renderSignedIn } from '../../../test/render-app';
import { useAuth } from '../auth-context';

describe('session', () => {
  it('shows a centred spinner with Loading... while /api/auth/me has not answered', () => {
    fakeApi({ 'GET /api/auth/me': never });
    renderApp('/');

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Simple, transparent pricing' })).not.toBeInTheDocument();
  });

  it('asks who is signed in once, sending the session cookie', async () => {
    const fetchSpy = fakeApi({ 'GET /api/auth/me': () => json(401, { message: 'Not signed in' }) });
    renderApp('/');

    await screen.findByRole('heading', { name: 'Simple, transparent pricing' });
    const requests = requestsOf(fetchSpy);
    expect(requests).toHaveLength(1);
    expect(requests[0].url).toBe(`${window.location.origin}/api/auth/me`);
    expect(requests[0].credentials).toBe('include');
  });

  it('treats a failing /api/auth/me as signed out', async () => {
    fakeApi({ 'GET /api/auth/me': () => json(503, { message: 'Service unavailable' }) });
    renderApp('/messages');

    expect(await screen.findByRole('heading', { name: 'Simple, transparent pricing' })).toBeInTheDocument();
  });

  it('treats an answer that is not a user as signed out', async () => {
    fakeApi({
      'GET /api/auth/me': () =>
        new Response('<!doctype html><html></html>', { headers: { 'Content-Type': 'text/html' } }),
    });
    renderApp('/messages');

    expect(await screen.findByRole('heading', { name: 'Simple, transparent pricing' })).toBeInTheDocument();
  });

  it('logs out: POST /api/auth/logout, then the visitor pages and a reload at /', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { fetchSpy } = renderSignedIn('/messages', undefined, {
      'POST /api/auth/logout': () => json(200, {}),
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Simple, transparent pricing' })).toBeInTheDocument();
    const logout = requestsOf(fetchSpy).find((request) => request.url.endsWith('/api/auth/logout'));
    expect(logout?.method).toBe('POST');
    expect(logout?.credentials).toBe('include');
    expect(consoleError).not.toHaveBeenCalledWith('Logout failed', expect.anything());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('still signs out when the logout call fails, and only logs the failure', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSignedIn('/messages', undefined, { 'POST /api/auth/logout': () => json(500, { message: 'boom' }) });

    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Simple, transparent pricing' })).toBeInTheDocument();
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Logout failed', expect.anything()));
  });

  it('useAuth outside its provider is a developer error', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });
});
