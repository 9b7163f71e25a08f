import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/http';
import {
  ApiError,
  apiClient,
  getErrorMessage,
  NETWORK_ERROR_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from './api-client';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiClient', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends same-origin JSON with the session cookie and returns the parsed body', async () => {
    const fetchMock = stubFetch(jsonResponse({ id: 1 }, 201));

    await expect(apiClient.post('/api/clients', { name: 'Ana' })).resolves.toEqual({ id: 1 });

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/clients',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: JSON.stringify({ name: 'Ana' }),
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('maps the server error body to an ApiError with its pt-BR message', async () => {
    stubFetch(
      jsonResponse(
        { statusCode: 409, code: 'CONFLICT', message: 'Conflito de horário com outro agendamento' },
        409,
      ),
    );

    const error = await apiClient.post('/api/appointments', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Conflito de horário com outro agendamento',
    });
    expect(getErrorMessage(error)).toBe('Conflito de horário com outro agendamento');
  });

  it("names a 5xx's request id, so a support message can be traced in the logs", async () => {
    stubFetch(
      jsonResponse(
        {
          statusCode: 500,
          code: 'INTERNAL',
          message: UNEXPECTED_ERROR_MESSAGE,
          requestId: 'abc-123',
        },
        500,
      ),
    );
    await expect(apiClient.get('/api/clients')).rejects.toMatchObject({
      status: 500,
      message: `${UNEXPECTED_ERROR_MESSAGE} Código do erro: abc-123`,
    });
  });

  it('falls back to a generic pt-BR message when the error body is not the API shape', async () => {
    stubFetch(new Response('<html>Bad Gateway</html>', { status: 502 }));

    await expect(apiClient.get('/api/config')).rejects.toMatchObject({
      status: 502,
      message: UNEXPECTED_ERROR_MESSAGE,
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    stubFetch(new TypeError('Failed to fetch'));

    await expect(apiClient.get('/api/config')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('lets an aborted request reject with the AbortError itself', async () => {
    stubFetch(new DOMException('The operation was aborted.', 'AbortError'));

    await expect(apiClient.get('/api/config')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('resolves to undefined for an empty success body (204)', async () => {
    stubFetch(new Response(null, { status: 204 }));

    await expect(apiClient.delete('/api/clients/1')).resolves.toBeUndefined();
  });

  it('sends FormData as is, letting the browser set the multipart boundary', async () => {
    const fetchMock = stubFetch(jsonResponse({ url: '/uploads/a.png' }));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');

    await apiClient.post('/api/uploads', form);

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('shows a generic message for errors that are not ApiError', () => {
    expect(getErrorMessage(new Error('boom'))).toBe(UNEXPECTED_ERROR_MESSAGE);
  });
});
