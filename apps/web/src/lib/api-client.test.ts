import { messageResponseSchema } from '@vaultscope/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiRequest,
  ApiError,
  configureApiClient,
  fieldErrorsOf,
  messageOf,
  ModuleLoadError,
  ResponseShapeError,
} from './api-client';

const fetchMock = vi.fn<typeof fetch>();
const onUnauthorized = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  onUnauthorized.mockReset();
  configureApiClient({ getToken: () => 'tok-1', onUnauthorized });
});

afterEach(() => vi.unstubAllGlobals());

const reply = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));

function sentRequest() {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url, init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
}

describe('apiRequest', () => {
  it('asks for JSON, sends no cookies, and parses the answer with the schema', async () => {
    reply(200, { message: 'ok', extra: 'dropped' });
    const result = await apiRequest('/api/x', { schema: messageResponseSchema });
    expect(result).toEqual({ message: 'ok' });
    const { url, init, headers } = sentRequest();
    expect(url).toBe('/api/x');
    expect(headers.Accept).toBe('application/json');
    expect(headers.Authorization).toBeUndefined();
    expect(init.credentials).toBe('omit');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends the request before a schema still on its way has arrived, then parses with it', async () => {
    reply(200, { message: 'ok', extra: 'dropped' });
    let arrive: (schema: typeof messageResponseSchema) => void = () => {};
    const schema = new Promise<typeof messageResponseSchema>((resolve) => (arrive = resolve));
    const result = apiRequest('/api/x', { schema });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    arrive(messageResponseSchema);
    expect(await result).toEqual({ message: 'ok' });
  });

  it('reports a failed answer, not a schema that failed to arrive after it', async () => {
    reply(500, { message: 'Down.' });
    const schema = Promise.reject(new Error('chunk failed'));
    const error = await apiRequest('/api/x', { schema }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Down.');
  });

  it('turns a schema that failed to load after a good answer into a logged client error', async () => {
    vi.stubEnv('MODE', 'production');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      reply(200, { message: 'ok' });
      const cause = new TypeError('Failed to fetch dynamically imported module');
      const schema = Promise.reject(cause);
      const error = await apiRequest('/api/x', { schema }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ModuleLoadError);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(0);
      expect((error as ApiError).cause).toBe(cause);
      // Shown as it is, as a network error's message is.
      expect(messageOf(error, 'fallback')).toBe((error as ApiError).message);
      expect(warn).toHaveBeenCalledWith(`[api] GET /api/x -> 0: ${(error as ApiError).message}`);
    } finally {
      warn.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  it('sends no change whose schema failed to load: the change would be made and reported failed', async () => {
    const schema = Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const error = await apiRequest('/api/favourite', { method: 'POST', body: {}, schema }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ModuleLoadError);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("keeps an error answer's status and ends the session on a 401 when the error schema fails to load", async () => {
    vi.doMock('./error-response', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    try {
      reply(401, { message: 'Session expired.' });
      const error = await apiRequest('/api/me', {
        auth: true,
        schema: messageResponseSchema,
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(401);
      expect(onUnauthorized).toHaveBeenCalledWith('tok-1');
    } finally {
      vi.doUnmock('./error-response');
    }
  });

  it('sends the session token as a bearer on user calls, with a JSON body', async () => {
    reply(200, { message: 'ok' });
    await apiRequest('/api/y', {
      method: 'PUT',
      body: { a: 1 },
      auth: true,
      schema: messageResponseSchema,
    });
    const { init, headers } = sentRequest();
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
    expect(init.method).toBe('PUT');
  });

  it("replaces the error message with the server's and passes `errors` on", async () => {
    reply(400, {
      message: 'Mobile is required.',
      errors: [{ path: 'mobile', message: 'Mobile is required.' }],
    });
    const error = await apiRequest('/api/z', { schema: messageResponseSchema }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe('Mobile is required.');
    expect(apiError.fromServer).toBe(true);
    expect(fieldErrorsOf(apiError)).toEqual({ mobile: 'Mobile is required.' });
    expect(messageOf(apiError, 'fallback')).toBe('Mobile is required.');
  });

  it('uses the fallback text when the server sent no message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>oops</html>', { status: 502 }));
    const error = (await apiRequest('/api/z', { schema: messageResponseSchema }).catch(
      (caught: unknown) => caught,
    )) as ApiError;
    expect(error.status).toBe(502);
    expect(error.fromServer).toBe(false);
    expect(messageOf(error, 'fallback')).toBe('fallback');
  });

  it('ends the session on a 401 to a call that carried the token', async () => {
    reply(401, { message: 'Session ended' });
    await expect(
      apiRequest('/api/me', { auth: true, schema: messageResponseSchema }),
    ).rejects.toThrow('Session ended');
    expect(onUnauthorized).toHaveBeenCalledWith('tok-1');
  });

  it('does not end the session on a 401 to an anonymous call (a wrong password)', async () => {
    reply(401, { message: 'Invalid Credentials' });
    await expect(apiRequest('/api/user/login', { schema: messageResponseSchema })).rejects.toThrow(
      'Invalid Credentials',
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps the session on a 401 that means a wrong wallet password, and on a 403', async () => {
    reply(401, { message: 'Incorrect password' });
    await expect(
      apiRequest('/wallet/unlock', {
        method: 'POST',
        body: { password: 'x' },
        auth: true,
        keepSessionOn401: true,
        schema: messageResponseSchema,
      }),
    ).rejects.toThrow('Incorrect password');
    reply(403, { message: 'Please connect your wallet' });
    await expect(
      apiRequest('/wallet/wallet/getTransactions', { auth: true, schema: messageResponseSchema }),
    ).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends extra headers but never lets them replace Accept', async () => {
    reply(200, { message: 'ok' });
    await apiRequest('/wallet/wallet/sendEth', {
      method: 'POST',
      body: {},
      auth: true,
      headers: { 'idempotency-key': 'k-1', Accept: 'text/html' },
      schema: messageResponseSchema,
    });
    const { headers } = sentRequest();
    expect(headers['idempotency-key']).toBe('k-1');
    expect(headers.Accept).toBe('application/json');
    expect(headers.Authorization).toBe('Bearer tok-1');
  });

  it('rejects an answer of the wrong shape', async () => {
    reply(200, { nothing: true });
    await expect(apiRequest('/api/x', { schema: messageResponseSchema })).rejects.toBeInstanceOf(
      ResponseShapeError,
    );
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = (await apiRequest('/api/x', { schema: messageResponseSchema }).catch(
      (caught: unknown) => caught,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(messageOf(error, 'fallback')).toMatch(/network/i);
  });

  it('gives up after the time-out', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
        }),
    );
    const error = (await apiRequest('/api/slow', {
      schema: messageResponseSchema,
      timeoutMs: 20,
    }).catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/too long/);
  });
});
