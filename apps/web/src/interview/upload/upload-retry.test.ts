import { describe, expect, it, vi } from 'vitest';
import { createMemoryChunkStore } from './chunk-store';
import { bytes, fakeTusServer, RECORDING, setup } from './testing/fake-tus-server';

describe('UploadManager: retries', () => {
  it('retries failed PATCHes with growing backoff, resuming from the offset, and loses no byte', async () => {
    const server = fakeTusServer((method, count) =>
      method === 'PATCH' && count <= 3 ? 503 : null,
    );
    const { manager, sleep, store } = setup(server);
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(3, 5));
    await manager.appendChunk(recId, bytes(3, 6));
    await manager.finishRecording(recId, 2000);
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    expect(await server.contentOf('u1')).toEqual([5, 5, 5, 6, 6, 6]);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([500, 1000, 2000]);
    // Every retry asked the server where to go on from (HEAD), on the same upload.
    expect(server.log.filter((entry) => entry === 'HEAD u1')).toHaveLength(3);
    await vi.waitFor(() => expect(store.chunkCount()).toBe(0));
  });

  it('waits for the online event while offline, then resumes the same upload', async () => {
    let isOnline = true;
    let goOnline: () => void = () => undefined;
    const server = fakeTusServer((method) => (isOnline || method === 'POST' ? null : 'network'));
    const { manager, store } = setup(server, createMemoryChunkStore(), {
      isOnline: () => isOnline,
      waitForOnline: () => new Promise((resolve) => (goOnline = resolve)),
    });
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(5, 1));
    await vi.waitFor(() => expect(server.log).toContain('PATCH u1 0+5'));
    isOnline = false;
    manager.setOnline(false);
    await manager.appendChunk(recId, bytes(5, 2));
    await manager.finishRecording(recId, 2000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Nothing is lost while offline: the unsent chunk waits in the store.
    expect(store.chunkCount()).toBe(1);
    isOnline = true;
    manager.setOnline(true);
    goOnline();
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    expect(await server.contentOf('u1')).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    expect(server.uploads.size).toBe(1);
  });

  it('does not keep asking for a take the server refuses (409 to the creation: no take left)', async () => {
    const server = fakeTusServer((method) => (method === 'POST' ? 409 : null));
    const { manager, sleep } = setup(server);
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(3));
    await manager.finishRecording(recId, 1000);
    await vi.waitFor(() => expect(manager.getSnapshot().files[recId]?.error).toBeTruthy());
    expect(server.log.filter((entry) => entry.startsWith('POST'))).toHaveLength(0);
    // Each creation was sent once per attempt (no quick tus retries), a few attempts in all.
    expect(sleep.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('marks a recording failed when the server refuses it for good', async () => {
    const server = fakeTusServer((method) => (method === 'POST' ? 403 : null));
    const { manager } = setup(server);
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(3));
    await manager.finishRecording(recId, 1000);
    await vi.waitFor(() => expect(manager.getSnapshot().files[recId]?.error).toBeTruthy());
    expect(server.log.filter((entry) => entry.startsWith('POST'))).toHaveLength(0);
  });

  it('a discarded take stops waiting out its backoff at once', async () => {
    const server = fakeTusServer((method) => (method === 'POST' ? 503 : null));
    const { manager } = setup(server, createMemoryChunkStore(), {
      // A real clock with a long backoff: the discard must not wait for it.
      sleep: undefined,
      maxBackoffMs: 60_000,
    });
    const first = await manager.createRecording(RECORDING);
    await manager.appendChunk(first, bytes(4));
    await manager.finishRecording(first, 1000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const startedAt = Date.now();
    await manager.discardRecording(first);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});
