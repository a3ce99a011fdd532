import { createIntl } from 'react-intl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../i18n/load-messages';
import { setCurrentLocale } from '../i18n/locale-state';
import { jsonResponse } from '../test/render-app';
import { ApiError, api, apiRequest, serverText } from './api-client';

function stubFetch(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn(typeof response === 'function' ? response : async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The interface's language for code outside components (normally set by the I18nProvider). */
async function showLanguage(locale: 'en' | 'de') {
  setCurrentLocale(locale, createIntl({ locale, messages: await loadMessages(locale) }));
}

beforeAll(() => showLanguage('en'));
afterAll(() => showLanguage('en'));

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiRequest', () => {
  it('unwraps the data of a success envelope', async () => {
    stubFetch(jsonResponse({ success: true, data: { id: 7, name: 'Key' } }));
    await expect(apiRequest('/api/thing')).resolves.toEqual({ id: 7, name: 'Key' });
  });

  it('sends JSON bodies with the same-origin credentials', async () => {
    const fetchMock = stubFetch(jsonResponse({ success: true, data: null }));
    await api.post('/api/auth/login', { email: 'a@b.c' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.c' }));
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it("throws the response's error text with status and code on a non-OK answer", async () => {
    stubFetch(
      jsonResponse({ success: false, error: 'Insufficient credits.', code: 'INSUFFICIENT_CREDITS' }, 402),
    );
    const error = await caught(apiRequest('/api/generate-image'));
    expect(error.message).toBe('Insufficient credits.');
    expect(error.serverMessage).toBe('Insufficient credits.');
    expect(error.status).toBe(402);
    expect(error.code).toBe('INSUFFICIENT_CREDITS');
    expect(error.isClientError).toBe(true);
  });

  it("falls back to 'HTTP error! status: {code}' when a non-OK answer has no error text", async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await caught(apiRequest('/api/anything'));
    expect(error.message).toBe('HTTP error! status: 502');
    expect(error.status).toBe(502);
    expect(error.serverMessage).toBeUndefined();
  });

  it('throws the error text of a success:false envelope sent with 200', async () => {
    stubFetch(jsonResponse({ success: false, error: 'Failed to generate image' }));
    const error = await caught(apiRequest('/api/generate-image'));
    expect(error.message).toBe('Failed to generate image');
  });

  it("says 'Unknown error occurred' when the network fails", async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await caught(apiRequest('/api/auth/me'));
    expect(error.message).toBe('Unknown error occurred');
    expect(error.status).toBe(0);
  });

  it("says its own texts in the interface's language, and asks the server for that language", async () => {
    await showLanguage('de');
    const fetchMock = stubFetch(new Response('', { status: 503 }));
    const refused = await caught(apiRequest('/api/anything'));
    expect(refused.message).toBe('HTTP-Fehler (Status 503)');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'Accept-Language': 'de' });
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await caught(apiRequest('/api/auth/me'));
    expect(offline.message).toBe('Ein unbekannter Fehler ist aufgetreten.');
    await showLanguage('en');
  });

  it('re-throws aborts unchanged', async () => {
    stubFetch(async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(apiRequest('/api/auth/me')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('serverText', () => {
  it("prefers a refused field's own message over the envelope's 'field: message'", async () => {
    stubFetch(
      jsonResponse(
        {
          success: false,
          error: 'password: Password must be at least 8 characters.',
          code: 'VALIDATION_FAILED',
          details: [{ path: 'password', message: 'Password must be at least 8 characters.' }],
        },
        400,
      ),
    );
    const error = await caught(api.post('/api/auth/signup', {}));
    expect(serverText(error)).toBe('Password must be at least 8 characters.');
  });

  it("is the server's error text otherwise, and undefined for anything else", async () => {
    stubFetch(jsonResponse({ success: false, error: 'Invalid email or password.' }, 401));
    expect(serverText(await caught(api.post('/api/auth/login', {})))).toBe('Invalid email or password.');
    stubFetch(new Response('', { status: 500 }));
    expect(serverText(await caught(api.get('/api/x')))).toBeUndefined();
    expect(serverText(new Error('boom'))).toBeUndefined();
  });
});
