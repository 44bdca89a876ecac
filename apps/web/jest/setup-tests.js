require('@testing-library/jest-dom');
const { configure } = require('@testing-library/react');

// Pages are lazy chunks behind a fetch: on a busy 2-core runner the first one can take over a second.
configure({ asyncUtilTimeout: 5000 });

// Each test starts as a first visit: no stored language, no page language or direction.
afterEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});

// The signed-in shell opens /ws; jsdom would dial a server that is not there. Tests play the server.
const { FakeWebSocket } = require('../src/test/fake-websocket');
beforeEach(() => {
  FakeWebSocket.reset();
  window.WebSocket = FakeWebSocket;
});

// A form typed key by key (userEvent.type re-renders antd on every key) takes seconds on the 2-core CI
// machine while the system tests run beside it; Jest's default of 5 s failed /business-setup there. Set
// here, not as the project's testTimeout, which Jest ignores in a multi-project run.
jest.setTimeout(15_000);
