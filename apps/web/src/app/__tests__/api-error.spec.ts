import { apiErrorCode, apiErrorMessage, isNetworkError } from '../api-error';

const FALLBACK = 'Failed to load. Please try again.';

describe('apiErrorMessage', () => {
  it("shows our server's { message } as is", () => {
    expect(apiErrorMessage({ status: 409, data: { message: 'Email already registered' } }, FALLBACK)).toBe(
      'Email already registered',
    );
  });

  it('shows "<status>: <body>" for any other body (spec 000 §7)', () => {
    expect(apiErrorMessage({ status: 502, data: 'Bad Gateway' }, FALLBACK)).toBe('502: Bad Gateway');
    expect(
      apiErrorMessage(
        { status: 'PARSING_ERROR', originalStatus: 500, data: '<h1>oops</h1>', error: 'SyntaxError' },
        FALLBACK,
      ),
    ).toBe('500: <h1>oops</h1>');
  });

  it('falls back when there is no answer to show', () => {
    expect(apiErrorMessage({ status: 500, data: '' }, FALLBACK)).toBe(FALLBACK);
    expect(apiErrorMessage({ status: 500, data: { message: '' } }, FALLBACK)).toBe(FALLBACK);
    expect(apiErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, FALLBACK)).toBe(
      FALLBACK,
    );
    expect(apiErrorMessage({ status: 'TIMEOUT_ERROR', error: 'AbortError' }, FALLBACK)).toBe(FALLBACK);
    expect(apiErrorMessage(undefined, FALLBACK)).toBe(FALLBACK);
  });

  it('shows the message of an error thrown inside a query', () => {
    expect(apiErrorMessage({ name: 'Error', message: 'Unexpected answer' }, FALLBACK)).toBe(
      'Unexpected answer',
    );
    expect(apiErrorMessage({}, FALLBACK)).toBe(FALLBACK);
  });
});

describe('isNetworkError', () => {
  it('is true only when no answer came back', () => {
    expect(isNetworkError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(true);
    expect(isNetworkError({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toBe(true);
    expect(isNetworkError({ status: 500, data: '' })).toBe(false);
    expect(
      isNetworkError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<h1>', error: 'SyntaxError' }),
    ).toBe(false);
    expect(isNetworkError({ name: 'Error', message: 'Unexpected answer' })).toBe(false);
    expect(isNetworkError(undefined)).toBe(false);
  });
});

describe('apiErrorCode', () => {
  it("reads the server's code, whatever its message says", () => {
    expect(apiErrorCode({ status: 429, data: { message: 'Slow down', code: 'RATE_LIMITED' } })).toBe(
      'RATE_LIMITED',
    );
    expect(apiErrorCode({ status: 400, data: { message: 'Anything', code: 'SETUP_REQUIRED' } })).toBe(
      'SETUP_REQUIRED',
    );
  });

  it('is undefined without an answer, without a code, or with a code we do not know', () => {
    expect(apiErrorCode(undefined)).toBeUndefined();
    expect(apiErrorCode({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeUndefined();
    expect(
      apiErrorCode({ status: 400, data: { message: 'Please complete your business setup' } }),
    ).toBeUndefined();
    expect(apiErrorCode({ status: 400, data: { message: 'No', code: 'SOMETHING_NEW' } })).toBeUndefined();
    expect(apiErrorCode({ status: 502, data: 'Bad Gateway' })).toBeUndefined();
  });
});
