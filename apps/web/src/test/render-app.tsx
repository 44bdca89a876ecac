import { StyleProvider } from '@ant-design/cssinjs';
import type { CurrentUserResponse } from '@parley/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { App } from '../app/App';
import { createStore } from '../app/store';
import { fakeApi, type FakeRoutes, json } from './fake-api';

export const ada: CurrentUserResponse = {
  id: '3f6a1c1e-4f1b-4c55-9d1e-2a8f0b7c9d10',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  emailVerified: true,
  currentPackage: 'free',
  createdAt: '2024-05-01T09:00:00.000Z',
  workspace: { id: '3f6a1c1e-4f1b-4c55-9d1e-2a8f0b7c9d10', name: "Ada's business" },
  role: 'owner',
};

/** The whole app at `path`, as a browser would open it, with a fresh store. */
export function renderApp(path: string) {
  window.history.pushState({}, '', path);
  return render(<App store={createStore()} />, { wrapper: DetachedAntdStyles });
}

export function renderSignedOut(path: string, routes: FakeRoutes = {}) {
  const fetchSpy = fakeApi({ 'GET /api/auth/me': () => json(401, { message: 'Not signed in' }), ...routes });
  return { fetchSpy, ...renderApp(path) };
}

export function renderSignedIn(path: string, user: CurrentUserResponse = ada, routes: FakeRoutes = {}) {
  const fetchSpy = fakeApi({ 'GET /api/auth/me': () => json(200, user), ...routes });
  return { fetchSpy, ...renderApp(path) };
}

/**
 * antd's CSS-in-JS goes to a detached node: jsdom would otherwise cascade every antd rule on each
 * getComputedStyle call that role queries make, which makes each query slow (docs/performance.md,
 * "Figures moved from code comments"). Inline styles still apply.
 */
const antdStyles = document.createElement('div');
export function DetachedAntdStyles({ children }: { children: ReactNode }) {
  return <StyleProvider container={antdStyles}>{children}</StyleProvider>;
}
