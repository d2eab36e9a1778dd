import { describe, expect, it, vi } from 'vitest';
import { bytes, fakeTusServer, RECORDING, setup } from './testing/fake-tus-server';

describe('UploadManager: the upload queue', () => {
  it('a retake terminates the old take and uploads the new one as a new upload', async () => {
    const { manager, server, store } = setup();
    const first = await manager.createRecording(RECORDING);
    await manager.appendChunk(first, bytes(4));
    await vi.waitFor(() => expect(server.log).toContain('PATCH u1 0+4'));
    await manager.discardRecording(first);
    expect(server.log).toContain('DELETE u1');
    expect(store.chunkCount()).toBe(0);
    const second = await manager.createRecording(RECORDING);
    await manager.appendChunk(second, bytes(7, 2));
    await manager.finishRecording(second, 1000);
    await vi.waitFor(() => expect(server.isComplete('u2')).toBe(true));
    expect(await server.contentOf('u2')).toEqual(Array(7).fill(2));
    expect(Object.keys(manager.getSnapshot().files)).toEqual([second]);
  });

  it('discarding a finished take asks the server to delete it', async () => {
    const { manager, server } = setup();
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(4));
    await manager.finishRecording(recId, 1000);
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    await manager.discardRecording(recId);
    expect(server.log).toContain('DELETE u1');
    expect(manager.getSnapshot().files).toEqual({});
  });

  it('uploads at most two recordings at a time', async () => {
    const server = fakeTusServer();
    server.setDelayMs(5);
    const { manager } = setup(server);
    const ids = await Promise.all(
      ['q1', 'q2', 'q3'].map((questId) =>
        manager.createRecording({
          ...RECORDING,
          questId,
          key: `job1/app1_job1_${questId}_face.webm`,
        }),
      ),
    );
    for (const id of ids) {
      await manager.appendChunk(id, bytes(3));
      await manager.finishRecording(id, 1000);
    }
    await vi.waitFor(() =>
      expect(['u1', 'u2', 'u3'].every((id) => server.isComplete(id))).toBe(true),
    );
    expect(server.peak()).toBe(2);
  });

  it('an empty take stores nothing', async () => {
    const { manager, server } = setup();
    const recId = await manager.createRecording(RECORDING);
    await manager.finishRecording(recId, 0);
    await vi.waitFor(() =>
      expect(manager.getSnapshot().files[recId]?.error).toBe('EMPTY_RECORDING'),
    );
    expect(server.log).toEqual([]);
  });
});
