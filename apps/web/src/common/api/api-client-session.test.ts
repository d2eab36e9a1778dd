import { describe, expect, it, vi } from 'vitest';
import { createApiClient, NO_PERMISSION_ALERT } from './api-client';
import type { ApiClientError } from './api-error';
import { jsonResponse, SESSION, setup } from './api-client.test-setup';

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

describe('createApiClient: reporting failed calls', () => {
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

  it('does not report an answer the call expects (a logged-out visitor asking who is logged in)', async () => {
    const { deps } = setup(() =>
      jsonResponse(401, { status: 401, key: 'LOGIN_REQUIRED_ERR', message: 'x' }),
    );
    const onHttpError = vi.fn();
    const reporting = createApiClient({ ...deps, onHttpError });
    await expect(reporting.get('user/logged', { expectedStatuses: [401] })).rejects.toMatchObject({
      status: 401,
    });
    expect(onHttpError).not.toHaveBeenCalled();
    // Without it the same answer is a failure worth a record.
    await expect(reporting.get('user/logged')).rejects.toMatchObject({ status: 401 });
    expect(onHttpError).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'user/logged', status: 401 }),
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

describe('createApiClient: admin view-as', () => {
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
