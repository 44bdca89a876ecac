/**
 * jsdom's WebSocket would dial a server that is not there. The test setup (jest/setup-tests.js) puts this
 * class in its place before every test; the app code still says `new WebSocket(url)`. A test plays the
 * server: `open()`, `receive(frame)`, `serverClose()`.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  /** Every socket the app opened since the test started, oldest first. */
  static instances: FakeWebSocket[] = [];

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  /** The socket the app opened last. */
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('The app opened no WebSocket');
    return socket;
  }

  /** Sockets the app has not closed (and the server has not closed). */
  static openSockets(): FakeWebSocket[] {
    return FakeWebSocket.instances.filter((socket) => socket.readyState !== FakeWebSocket.CLOSED);
  }

  readonly url: string;
  readyState: number = FakeWebSocket.CONNECTING;
  /** Whether the app called close(). */
  closedByClient = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string | URL) {
    this.url = String(url);
    FakeWebSocket.instances.push(this);
  }

  /** What the app sent, oldest first (its presence in a thread is all it sends). */
  sent: string[] = [];

  send(frame: string): void {
    this.sent.push(frame);
  }

  close(): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.closedByClient = true;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code: 1000 }));
  }

  /** The server accepts the connection. */
  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The server pushes a frame (an object is sent as JSON). */
  receive(frame: unknown): void {
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** The server (or the network) drops the connection. */
  serverClose(code = 1006): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}
