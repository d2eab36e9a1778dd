import { describe, expect, it, vi } from 'vitest';
import { createMemoryChunkStore } from './chunk-store';
import { bytes, fakeTusServer, RECORDING, setup } from './testing/fake-tus-server';

describe('UploadManager: streaming over tus', () => {
  it('streams each recorded chunk as it arrives and deletes it once the server confirmed it', async () => {
    const { manager, server, store, saved } = setup();
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(4, 1));
    await vi.waitFor(() => expect(server.log).toContain('PATCH u1 0+4'));
    await vi.waitFor(() => expect(store.chunkCount()).toBe(0));
    await manager.appendChunk(recId, bytes(4, 2));
    await vi.waitFor(() => expect(server.log).toContain('PATCH u1 4+4'));
    // A backlog larger than a PATCH goes out in pieces of chunkBytes.
    const release = server.holdPatches();
    await manager.appendChunk(recId, bytes(6, 3));
    await manager.appendChunk(recId, bytes(6, 4));
    release();
    await manager.finishRecording(recId, 4000);
    await manager.saveAnswer({
      applicantId: 'app1',
      jobId: 'job1',
      questId: 'q1',
      candidateToken: 'token-1',
      answer: { resTime: 4 },
      recordings: [{ recId, kind: 'face' }],
    });
    await manager.waitForApplicant('app1');
    expect(server.isComplete('u1')).toBe(true);
    expect(await server.contentOf('u1')).toEqual([
      ...Array(4).fill(1),
      ...Array(4).fill(2),
      ...Array(6).fill(3),
      ...Array(6).fill(4),
    ]);
    expect(server.log.filter((entry) => entry.startsWith('PATCH')).at(-1)).toMatch(/ end$/);
    expect(server.uploads.get('u1')?.authorization).toBe('Bearer token-1');
    expect(atob(server.uploads.get('u1')!.metadata.split(',')[0]!.split(' ')[1]!)).toBe('app1');
    expect(saved).toEqual([{ q1: { resTime: 4, faceKey: RECORDING.key } }]);
    expect(store.chunkCount()).toBe(0);
    expect(manager.getApplicantPercent('app1')).toBe(100);
  });

  it('resumes an unfinished recording after a reload from the server offset (HEAD)', async () => {
    const store = createMemoryChunkStore();
    const server = fakeTusServer();
    const first = setup(server, store).manager;
    const recId = await first.createRecording(RECORDING);
    await first.appendChunk(recId, bytes(4, 1));
    await vi.waitFor(() => expect(store.chunkCount()).toBe(0));
    // The next chunk is stored but the page goes away before its PATCH is answered.
    const release = server.holdPatches();
    await first.appendChunk(recId, bytes(4, 2));
    expect(store.chunkCount()).toBe(1);
    // A new page resumes from the store.
    const second = setup(server, store).manager;
    release();
    await second.resume();
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    expect(server.log).toContain('HEAD u1');
    expect(await server.contentOf('u1')).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
    expect(server.uploads.size).toBe(1);
  });

  it('resumes after a PATCH whose answer was lost', async () => {
    // The server stores the PATCH but the answer never arrives (the connection dropped).
    const server = fakeTusServer();
    const original = server.httpStack.createRequest.bind(server.httpStack);
    let dropped = false;
    server.httpStack.createRequest = (method, url) => {
      const request = original(method, url);
      const send = request.send.bind(request);
      request.send = async (body) => {
        const answer = await send(body);
        if (method === 'PATCH' && !dropped) {
          dropped = true;
          throw new Error('connection reset');
        }
        return answer;
      };
      return request;
    };
    const { manager } = setup(server);
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(4, 1));
    await manager.appendChunk(recId, bytes(4, 2));
    await manager.finishRecording(recId, 2000);
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    expect(await server.contentOf('u1')).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
  });

  it('sends the chunk flushed on stop and the length in one PATCH', async () => {
    const { manager, server } = setup();
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(4, 1));
    await vi.waitFor(() => expect(server.log).toContain('PATCH u1 0+4'));
    await manager.appendChunk(recId, bytes(3, 2), { durationMs: 2000 });
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    expect(server.log.filter((entry) => entry.startsWith('PATCH'))).toEqual([
      'PATCH u1 0+4',
      'PATCH u1 4+3 end',
    ]);
    // The recorder's stop that follows changes nothing.
    await manager.finishRecording(recId, 2100);
    expect(server.log.filter((entry) => entry.startsWith('PATCH'))).toHaveLength(2);
  });

  it.each([
    ['before the server stored it', 'before'],
    ['after the server stored it (the answer was lost)', 'after'],
  ] as const)(
    'a finish whose last PATCH failed %s is retried from the server offset (HEAD)',
    async (_name, when) => {
      const server = fakeTusServer();
      let failed = false;
      const original = server.httpStack.createRequest.bind(server.httpStack);
      server.httpStack.createRequest = (method, url) => {
        const request = original(method, url);
        const send = request.send.bind(request);
        request.send = async (body) => {
          const isLast = method === 'PATCH' && request.getHeader('Upload-Length') !== undefined;
          if (isLast && !failed && when === 'before') {
            failed = true;
            throw new Error('connection reset');
          }
          const answer = await send(body);
          if (isLast && !failed && when === 'after') {
            failed = true;
            throw new Error('connection reset');
          }
          return answer;
        };
        return request;
      };
      const { manager, store } = setup(server);
      const recId = await manager.createRecording(RECORDING);
      await manager.appendChunk(recId, bytes(4, 1));
      await vi.waitFor(() => expect(server.log).toContain('PATCH u1 0+4'));
      await manager.appendChunk(recId, bytes(4, 2), { durationMs: 2000 });
      await manager.saveAnswer({
        applicantId: 'app1',
        jobId: 'job1',
        questId: 'q1',
        candidateToken: 'token-1',
        answer: { resTime: 2 },
        recordings: [{ recId, kind: 'face' }],
      });
      await manager.submitApplicant({
        applicantId: 'app1',
        jobId: 'job1',
        candidateToken: 'token-1',
      });
      expect(failed).toBe(true);
      expect(server.isComplete('u1')).toBe(true);
      expect(await server.contentOf('u1')).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
      const afterFailure = server.log.slice(server.log.indexOf('HEAD u1'));
      expect(afterFailure[0]).toBe('HEAD u1');
      // Stored already: nothing is sent again; otherwise the tail goes again with the length.
      expect(afterFailure.slice(1)).toEqual(when === 'after' ? [] : ['PATCH u1 4+4 end']);
      expect(store.chunkCount()).toBe(0);
    },
  );

  it('resumes from the server offset after a refused PATCH (offset conflict)', async () => {
    const server = fakeTusServer((method, count) =>
      method === 'PATCH' && count === 2 ? 409 : null,
    );
    const { manager } = setup(server);
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(4, 1));
    await vi.waitFor(() => expect(server.log).toContain('PATCH u1 0+4'));
    await manager.appendChunk(recId, bytes(4, 2), { durationMs: 2000 });
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    expect(server.log).toContain('HEAD u1');
    expect(await server.contentOf('u1')).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
  });

  it('a reload between storing a chunk and counting it still uploads the chunk', async () => {
    const store = createMemoryChunkStore();
    const server = fakeTusServer();
    const first = setup(server, store).manager;
    const recId = await first.createRecording(RECORDING);
    await first.appendChunk(recId, bytes(4, 1));
    await vi.waitFor(() => expect(store.chunkCount()).toBe(0));
    // The page went away after the chunk was stored, before the recording's state counted it.
    await store.putChunk({ recId, seq: 1, start: 4, blob: bytes(4, 2) });
    const second = setup(server, store).manager;
    await second.resume();
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    expect(await server.contentOf('u1')).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
  });

  it('resumes mid-chunk when the server kept part of a PATCH that broke off (its process died)', async () => {
    // The server stores the first half of the second chunk's PATCH, then the connection drops.
    const server = fakeTusServer();
    const original = server.httpStack.createRequest.bind(server.httpStack);
    let cut = false;
    server.httpStack.createRequest = (method, url) => {
      const request = original(method, url);
      const send = request.send.bind(request);
      request.send = async (body) => {
        const blob = body as Blob | null;
        if (method === 'PATCH' && !cut && request.getHeader('Upload-Offset') === '4' && blob) {
          cut = true;
          await send(blob.slice(0, 2));
          throw new Error('connection reset');
        }
        return send(body);
      };
      return request;
    };
    const { manager, store } = setup(server);
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(4, 1));
    await vi.waitFor(() => expect(store.chunkCount()).toBe(0));
    await manager.appendChunk(recId, bytes(4, 2));
    await manager.finishRecording(recId, 2000);
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    expect(cut).toBe(true);
    // The chunk stayed until the server's offset passed it; the client went on from HEAD's 6.
    expect(server.log).toContain('HEAD u1');
    expect(server.log.some((entry) => entry.startsWith('PATCH u1 6+2'))).toBe(true);
    expect(await server.contentOf('u1')).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
  });
});
