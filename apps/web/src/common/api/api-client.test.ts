import { TRANSPORT_MAX_RETRIES, TRANSPORT_RETRY_DELAY_MS } from '@candid/domain';
import { describe, expect, it } from 'vitest';
import { fileNameOfDisposition, isCandidatePath, type DownloadedFile } from './api-client';
import { ApiClientError } from './api-error';
import { jsonResponse, SESSION, setup } from './api-client.test-setup';

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

describe('createApiClient: file answers (exports)', () => {
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
