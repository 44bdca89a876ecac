/**
 * jsdom plus the browser's Fetch API. jsdom has no fetch/Request/Response, so they are borrowed from
 * Node, together with Node's AbortController (undici rejects jsdom's AbortSignal). Relative URLs
 * resolve against the page address, as in a browser.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class WebTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const page = this.global;
    const absolute = (input) => (typeof input === 'string' ? new URL(input, page.location.href).href : input);

    class BrowserRequest extends Request {
      constructor(input, init) {
        super(absolute(input), init);
      }
    }

    Object.assign(page, {
      fetch: (input, init) => fetch(absolute(input), init),
      Request: BrowserRequest,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      ReadableStream,
      TextEncoder,
      TextDecoder,
      structuredClone,
    });
  }
}

module.exports = WebTestEnvironment;
