/** Browser APIs that jsdom lacks and antd uses (responsive grid, Sider breakpoints, resize observers). */
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

/** jsdom does no layout and no scrolling; its own scrollTo only reports that it is not implemented. */
window.scrollTo = () => undefined;

/** jsdom does no layout, so nothing ever resizes. */
window.ResizeObserver = class ResizeObserver {
  observe = () => undefined;
  unobserve = () => undefined;
  disconnect = () => undefined;
};

/**
 * antd's Form.useWatch batches its updates through a MessageChannel (a macrotask). jsdom has none, and
 * Node's would keep the test process alive (rc-form never closes its ports): deliver each message on a
 * timer instead, which is also a macrotask.
 */
class TimerMessagePort {
  onmessage = null;
  other = null;
  postMessage(data) {
    const target = this.other;
    setTimeout(() => target.onmessage?.({ data }), 0);
  }
  start() {
    // Ports deliver from the first message on; nothing to start.
  }
  close() {
    // Nothing is held open.
  }
}
window.MessageChannel = class MessageChannel {
  constructor() {
    this.port1 = new TimerMessagePort();
    this.port2 = new TimerMessagePort();
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
};

/**
 * jsdom has no pseudo-element styles and logs "Not implemented" when asked (antd's scroll lock measures the
 * scrollbar through `::-webkit-scrollbar` when a dialog opens). Answer with the element's own style.
 */
const elementStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element) => elementStyle(element);
