import { TRANSPORT_MAX_RETRIES, TRANSPORT_RETRY_DELAY_MS } from '@candid/domain';
import { describe, expect, it, vi } from 'vitest';
import {
  createApiClient,
  fileNameOfDisposition,
  isCandidatePath,
  type DownloadedFile,
  NO_PERMISSION_ALERT,
  type ApiClientDeps,
} from './api-client';
import { ApiClientError } from './api-error';
import { createStorageTokenStore } from './token-store';

interface Call {
  url: string;
  init: RequestInit;
}

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Responder = (call: Call) => Response | Promise<Response>;

/** A client whose fetch answers with `responder`, a sleep that only records, and a memory token store. */
function setup(responder: Responder, tokens: Partial<Record<string, string>> = {}) {
  const storage = new Map<string, string>(Object.entries(tokens) as [string, string][]);
  const tokenStore = createStorageTokenStore({
    getItem: (key) => storage.get(key) ?? null,
    setItem: (key, value) => void storage.set(key, value),
    removeItem: (key) => void storage.delete(key),
  });
  const calls: Call[] = [];
  const delays: number[] = [];
  const deps: ApiClientDeps = {
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { url: String(input), init: init ?? {} };
      calls.push(call);
      return responder(call);
    }),
    sleep: vi.fn(async (ms: number) => {
      delays.push(ms);
    }),
    tokens: tokenStore,
    showAlert: vi.fn(),
    onSessionEnd: vi.fn(),
  };
  const client = createApiClient(deps);
  const header = (call: Call | undefined, name: string) =>
    (call?.init.headers as Record<string, string> | undefined)?.[name];
  return { client, deps, calls, delays, storage, tokenStore, header };
}

const SESSION = { 'candid.accessToken': 'access-1', 'candid.refreshToken': 'refresh-1' };

describe('createApiClient: requests', () => {
  it('calls /api/<path> with credentials, JSON body and the bearer access token', async () => {
    const { client, calls, header } = setup(() => jsonResponse(200, { ok: true }), SESSION);
    await expect(client.post('/job', { job: { title: 'x' } })).resolves.toEqual({ ok: true });
    expect(calls[0]?.url).toBe('/api/job');
    expect(calls[0]?.init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(calls[0]?.init.body).toBe(JSON.stringify({ job: { title: 'x' } }));
    expect(header(calls[0], 'Authorization')).toBe('Bearer access-1');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    const { client, calls, header } = setup(() => jsonResponse(200, {}));
    await client.get('user/logged');
    expect(header(calls[0], 'Authorization')).toBeUndefined();
  });

  it('drops null and undefined params and repeats array params', async () => {
    const { client, calls } = setup(() => jsonResponse(200, []));
    await client.get('job/applicant', {
      params: {
        txt: 'ann',
        daysAgo: null,
        incomplete: undefined,
        statuses: [1, 3, null],
        showArchived: false,
        currPage: 0,
      },
    });
    expect(calls[0]?.url).toBe(
      '/api/job/applicant?txt=ann&statuses=1&statuses=3&showArchived=false&currPage=0',
    );
  });

  it('resolves undefined for an empty answer and text for a non-JSON one', async () => {
    const { client } = setup((call) =>
      call.url.endsWith('empty')
        ? new Response(null, { status: 204 })
        : new Response('plain', { status: 200, headers: { 'content-type': 'text/plain' } }),
    );
    await expect(client.delete('empty')).resolves.toBeUndefined();
    await expect(client.get('text')).resolves.toBe('plain');
  });

  it.each([
    ['interview/abc', true],
    ['applicant', false],
    ['job/interview/dashboard', false],
    ['upload/sign?fileKey=interview-1', false],
  ])('isCandidatePath(%s) is %s', (path, expected) => {
    expect(isCandidatePath(path)).toBe(expected);
  });

  it('uses the candidate token on candidate paths when there is one', async () => {
    const { client, calls, header } = setup(() => jsonResponse(200, {}), {
      ...SESSION,
      'candid.candidateToken': 'cand-1',
    });
    await client.get('interview/job-1');
    await client.get('interview/dashboard');
    await client.get('job');
    expect(calls.map((call) => header(call, 'Authorization'))).toEqual([
      'Bearer cand-1',
      'Bearer access-1',
      'Bearer access-1',
    ]);
  });

  it("uses the candidate token when a call asks for it with auth: 'candidate'", async () => {
    const { client, calls, header } = setup(() => jsonResponse(200, {}), {
      ...SESSION,
      'candid.candidateToken': 'cand-1',
    });
    await client.post('applicant', {}, { auth: 'candidate' });
    await client.get('upload/sign', { auth: 'candidate' });
    await client.post('applicant', {});
    expect(calls.map((call) => header(call, 'Authorization'))).toEqual([
      'Bearer cand-1',
      'Bearer cand-1',
      'Bearer access-1',
    ]);
  });
});

describe('createApiClient: file answers (issue 15 exports)', () => {
  it('gives the bytes and the Content-Disposition name, not text', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]);
    const { client } = setup(
      () =>
        new Response(bytes, {
          status: 200,
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="applicant-a1-2026-11-26.zip"',
          },
        }),
      SESSION,
    );
    const file = await client.get<DownloadedFile>('job/j1/a1/export', { responseType: 'file' });
    expect(file.fileName).toBe('applicant-a1-2026-11-26.zip');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(bytes);
  });

  it('still answers an error as the error body', async () => {
    const { client } = setup(
      () => jsonResponse(404, { status: 404, key: 'NOT_FOUND_ERR', message: 'x' }),
      SESSION,
    );
    await expect(client.get('job/j1/a1/export', { responseType: 'file' })).rejects.toMatchObject({
      status: 404,
      key: 'NOT_FOUND_ERR',
    });
  });

  it.each([
    ['attachment; filename="a.zip"', 'a.zip'],
    ['attachment; filename=b.zip', 'b.zip'],
    ['attachment; filename="x.zip"; filename*=UTF-8\'\'%D7%A7%D7%95.zip', 'קו.zip'],
    ['attachment', null],
    [null, null],
  ])('reads the name of %j', (header, name) => {
    expect(fileNameOfDisposition(header)).toBe(name);
  });
});

describe('createApiClient: retries', () => {
  it('retries a network failure up to TRANSPORT_MAX_RETRIES times with delay × attempt, then NETWORK_ERR/500', async () => {
    const { client, calls, delays } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await client.get('job').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 500, key: 'NETWORK_ERR' });
    expect(calls).toHaveLength(TRANSPORT_MAX_RETRIES + 1);
    expect(delays).toEqual(
      Array.from({ length: TRANSPORT_MAX_RETRIES }, (_, i) => TRANSPORT_RETRY_DELAY_MS * (i + 1)),
    );
  });

  it('retries 503 and succeeds when a later attempt answers', async () => {
    let count = 0;
    const { client, delays } = setup(() =>
      ++count < 3 ? jsonResponse(503) : jsonResponse(200, { jobs: [] }),
    );
    await expect(client.get('job')).resolves.toEqual({ jobs: [] });
    expect(delays).toEqual([TRANSPORT_RETRY_DELAY_MS, TRANSPORT_RETRY_DELAY_MS * 2]);
  });

  it('gives up on 503 after the retries with the answer status', async () => {
    const { client, calls } = setup(() => jsonResponse(503, {}));
    await expect(client.get('job')).rejects.toMatchObject({ status: 503, key: 'INTERNAL_ERR' });
    expect(calls).toHaveLength(TRANSPORT_MAX_RETRIES + 1);
  });

  it.each([400, 404, 500])('does not retry a %s answer', async (status) => {
    const { client, calls, delays } = setup(() => jsonResponse(status, {}));
    await expect(client.get('job')).rejects.toMatchObject({ status });
    expect(calls).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('does not retry an aborted call and rejects with the abort error', async () => {
    const controller = new AbortController();
    const { client, calls } = setup(() => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    const error = await client.get('user/query', { signal: controller.signal }).catch((e) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(calls).toHaveLength(1);
  });
});

describe('createApiClient: error mapping', () => {
  it('keeps a known error key and message from the body', async () => {
    const { client } = setup(() =>
      jsonResponse(409, { status: 409, key: 'EMAIL_TAKEN_ERR', message: 'taken' }),
    );
    const error = (await client.put('user/', {}).catch((e) => e)) as ApiClientError;
    expect(error).toMatchObject({ status: 409, key: 'EMAIL_TAKEN_ERR', message: 'taken' });
    expect(error.i18nKey).toBe('errors.EMAIL_TAKEN_ERR');
  });

  it.each([
    [
      'an unknown key on 400',
      400,
      { status: 400, key: 'SOMETHING_ELSE', message: 'x' },
      'VALIDATION_ERR',
    ],
    ['no body on 404', 404, undefined, 'NOT_FOUND_ERR'],
    ['a bare key without _ERR', 409, 'EMAIL_TAKEN', 'EMAIL_TAKEN_ERR'],
    ['an HTML page on 502', 502, '<html>bad gateway</html>', 'INTERNAL_ERR'],
  ])('maps %s to the domain key', async (_label, status, body, key) => {
    const { client } = setup(() =>
      typeof body === 'string'
        ? new Response(body, { status, headers: { 'content-type': 'text/plain' } })
        : jsonResponse(status, body),
    );
    await expect(client.get('job')).rejects.toMatchObject({ status, key });
  });
});

describe('createApiClient: 401 and token refresh', () => {
  it('refreshes once with the refresh token, stores the new tokens and repeats the call', async () => {
    const { client, calls, storage, header } = setup((call) => {
      if (call.url === '/api/auth/token') {
        return jsonResponse(200, { accessToken: 'access-2', refreshToken: 'refresh-2' });
      }
      return header(call, 'Authorization') === 'Bearer access-2'
        ? jsonResponse(200, { _id: 'u1' })
        : jsonResponse(401, { status: 401, key: 'INVALID_TOKEN_ERR', message: '' });
    }, SESSION);
    await expect(client.get('user/logged')).resolves.toEqual({ _id: 'u1' });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/user/logged',
      '/api/auth/token',
      '/api/user/logged',
    ]);
    expect(calls[1]?.init.body).toBe(JSON.stringify({ refreshToken: 'refresh-1' }));
    expect(storage.get('candid.accessToken')).toBe('access-2');
    expect(storage.get('candid.refreshToken')).toBe('refresh-2');
  });

  it('shares one refresh between concurrent 401s', async () => {
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { client, calls, header } = setup(async (call) => {
      if (call.url === '/api/auth/token') {
        await refreshGate;
        return jsonResponse(200, { accessToken: 'access-2', refreshToken: 'refresh-2' });
      }
      return header(call, 'Authorization') === 'Bearer access-2'
        ? jsonResponse(200, call.url)
        : jsonResponse(401, {});
    }, SESSION);
    const results = Promise.all([client.get('job'), client.get('template'), client.get('user/1')]);
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.url !== '/api/auth/token')).toHaveLength(3),
    );
    releaseRefresh();
    await expect(results).resolves.toEqual(['/api/job', '/api/template', '/api/user/1']);
    expect(calls.filter((call) => call.url === '/api/auth/token')).toHaveLength(1);
  });

  it('ends the session when the refresh is refused: tokens cleared, onSessionEnd once, original 401', async () => {
    const { client, deps, storage } = setup(
      (call) =>
        call.url === '/api/auth/token'
          ? jsonResponse(401, { status: 401, key: 'INVALID_REFRESH_TOKEN_ERR', message: '' })
          : jsonResponse(401, { status: 401, key: 'INVALID_TOKEN_ERR', message: '' }),
      SESSION,
    );
    const errors = await Promise.all([
      client.get('job').catch((e) => e),
      client.get('template').catch((e) => e),
    ]);
    expect(errors.map((e) => (e as ApiClientError).status)).toEqual([401, 401]);
    expect(deps.onSessionEnd).toHaveBeenCalledTimes(1);
    expect(storage.has('candid.accessToken')).toBe(false);
    expect(storage.has('candid.refreshToken')).toBe(false);
  });

  it('ends the session when the failing call is the token call itself', async () => {
    const { client, deps, calls } = setup(() => jsonResponse(401, {}), SESSION);
    await expect(client.post('auth/token', { refreshToken: 'r' })).rejects.toMatchObject({
      status: 401,
    });
    expect(calls).toHaveLength(1);
    expect(deps.onSessionEnd).toHaveBeenCalledTimes(1);
  });

  it('repeats a call at most once after a refresh', async () => {
    const { client, calls } = setup(
      (call) =>
        call.url === '/api/auth/token'
          ? jsonResponse(200, { accessToken: 'access-2', refreshToken: 'refresh-2' })
          : jsonResponse(401, {}),
      SESSION,
    );
    await expect(client.get('job')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((call) => call.url)).toEqual(['/api/job', '/api/auth/token', '/api/job']);
  });

  it.each([
    ['without a refresh token (logged out)', 'job', { 'candid.accessToken': 'a' }],
    ['on an auth call (wrong credentials)', 'auth/login', SESSION],
    [
      'on a candidate call with a candidate token',
      'interview/1',
      { ...SESSION, 'candid.candidateToken': 'c' },
    ],
  ])('does not refresh %s', async (_label, path, tokens) => {
    const { client, calls, deps } = setup(() => jsonResponse(401, {}), tokens);
    await expect(client.get(path)).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(deps.onSessionEnd).not.toHaveBeenCalled();
  });

  it('keeps the tokens when the refresh call gets no answer', async () => {
    const { client, deps, storage } = setup((call) => {
      if (call.url === '/api/auth/token') throw new TypeError('offline');
      return jsonResponse(401, {});
    }, SESSION);
    await expect(client.get('job')).rejects.toMatchObject({ status: 500, key: 'NETWORK_ERR' });
    expect(deps.onSessionEnd).not.toHaveBeenCalled();
    expect(storage.get('candid.refreshToken')).toBe('refresh-1');
  });
});

describe('createApiClient: 403', () => {
  it('shows the permissions alert and rejects with the answer', async () => {
    const { client, deps } = setup(() =>
      jsonResponse(403, { status: 403, key: 'FORBIDDEN_ERR', message: 'no' }),
    );
    await expect(client.get('record')).rejects.toMatchObject({ status: 403, key: 'FORBIDDEN_ERR' });
    expect(deps.showAlert).toHaveBeenCalledWith(NO_PERMISSION_ALERT);
    expect(NO_PERMISSION_ALERT).toEqual({ type: 'fail', key: 'alerts.noPermission' });
  });
});

describe('createApiClient: reporting failed calls (spec §8)', () => {
  it('reports an error answer with its status, key and trace id, but not a record call', async () => {
    const { client, deps } = setup(() =>
      jsonResponse(404, { status: 404, key: 'NOT_FOUND_ERR', message: 'x', traceId: 'req-9' }),
    );
    const onHttpError = vi.fn();
    const reporting = createApiClient({ ...deps, onHttpError });
    await expect(reporting.get('job/abc?viewAsId=1')).rejects.toMatchObject({ status: 404 });
    expect(onHttpError).toHaveBeenCalledWith({
      method: 'GET',
      path: 'job/abc',
      status: 404,
      key: 'NOT_FOUND_ERR',
      traceId: 'req-9',
    });
    onHttpError.mockClear();
    await expect(reporting.post('record', [])).rejects.toMatchObject({ status: 404 });
    expect(onHttpError).not.toHaveBeenCalled();
    await expect(client.get('job')).rejects.toMatchObject({ status: 404 });
  });

  it('reports a call nothing answered as NETWORK_ERR with status 0, after the retries', async () => {
    const { deps } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const onHttpError = vi.fn();
    const reporting = createApiClient({ ...deps, onHttpError });
    await expect(reporting.put('applicant', {})).rejects.toMatchObject({ key: 'NETWORK_ERR' });
    expect(onHttpError).toHaveBeenCalledTimes(1);
    expect(onHttpError).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'PUT', path: 'applicant', status: 0, key: 'NETWORK_ERR' }),
    );
  });

  it('does not report a call that succeeded after a token refresh', async () => {
    let first = true;
    const { deps } = setup((call) => {
      if (call.url.endsWith('auth/token'))
        return jsonResponse(200, { accessToken: 'access-2', refreshToken: 'refresh-2' });
      if (first) {
        first = false;
        return jsonResponse(401, { status: 401, key: 'INVALID_TOKEN_ERR', message: 'x' });
      }
      return jsonResponse(200, { ok: true });
    }, SESSION);
    const onHttpError = vi.fn();
    const reporting = createApiClient({ ...deps, onHttpError });
    await expect(reporting.get('job')).resolves.toEqual({ ok: true });
    expect(onHttpError).not.toHaveBeenCalled();
  });
});

describe('createApiClient: admin view-as (spec §6)', () => {
  function setupViewAs(viewAsId: string | null) {
    const harness = setup(() => jsonResponse(200, {}), SESSION);
    const client = createApiClient({ ...harness.deps, getViewAsId: () => viewAsId });
    return { ...harness, client };
  }

  it('adds viewAsId to job, applicant, template, department and team queries, and to job save bodies', async () => {
    const { client, calls } = setupViewAs('u-42');
    await client.get('job', { params: { currPage: 2 } });
    await client.get('job/applicant', { params: { txt: 'dan' } });
    await client.get('template/t1');
    await client.post('job', { job: { title: 'x' } });
    await client.put('job', { jobs: [] });
    await client.put('job/applicant', { applicants: [] });
    await client.put('template', { _id: 't1' });
    await client.delete('job/j1');
    await client.get('team');
    await client.post('team/member', { fName: 'Noa' });
    await client.get('department');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/job?currPage=2&viewAsId=u-42',
      '/api/job/applicant?txt=dan&viewAsId=u-42',
      '/api/template/t1?viewAsId=u-42',
      '/api/job?viewAsId=u-42',
      '/api/job?viewAsId=u-42',
      '/api/job/applicant?viewAsId=u-42',
      '/api/template?viewAsId=u-42',
      '/api/job/j1?viewAsId=u-42',
      '/api/team?viewAsId=u-42',
      '/api/team/member?viewAsId=u-42',
      '/api/department?viewAsId=u-42',
    ]);
    // The organisation's screens carry it in the query only.
    expect(JSON.parse(String(calls[9]?.init.body))).toEqual({ fName: 'Noa' });
    expect(JSON.parse(String(calls[3]?.init.body))).toEqual({
      job: { title: 'x' },
      viewAsId: 'u-42',
    });
    expect(JSON.parse(String(calls[4]?.init.body))).toEqual({ jobs: [], viewAsId: 'u-42' });
    // Template bodies are the template itself: view-as travels in the query only.
    expect(JSON.parse(String(calls[6]?.init.body))).toEqual({ _id: 't1' });
  });

  it('leaves other calls, candidate calls and raw bodies alone', async () => {
    const { client, calls } = setupViewAs('u-42');
    await client.get('user/logged');
    await client.get('user/query');
    await client.get('activity');
    await client.get('interview/job1');
    await client.post('record', [{ level: 'error' }]);
    const file = new Blob(['%PDF']);
    await client.put('job/j1/a1/cv', file);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/user/logged',
      '/api/user/query',
      '/api/activity',
      '/api/interview/job1',
      '/api/record',
      '/api/job/j1/a1/cv?viewAsId=u-42',
    ]);
    expect(calls[5]?.init.body).toBe(file);
  });

  it('adds nothing when the admin acts as themselves', async () => {
    const { client, calls } = setupViewAs(null);
    await client.post('job', { job: {} });
    expect(calls[0]?.url).toBe('/api/job');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ job: {} });
  });
});
