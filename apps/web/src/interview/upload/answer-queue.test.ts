import { describe, expect, it, vi } from 'vitest';
import { UploadHttpError } from './upload-api';
import { bytes, RECORDING, setup } from './testing/fake-tus-server';

describe('UploadManager: answers and submit', () => {
  it('saves an answer without recordings at once', async () => {
    const { manager, saved } = setup();
    await manager.saveAnswer({
      applicantId: 'app1',
      jobId: 'job1',
      questId: 'q2',
      candidateToken: 'token-1',
      answer: { resTime: 3, txt: 'hello' },
    });
    await manager.waitForApplicant('app1');
    expect(saved).toEqual([{ q2: { resTime: 3, txt: 'hello' } }]);
  });

  it('counts an answer as pending from the moment it is handed over', async () => {
    const { manager } = setup();
    const saving = manager.saveAnswer({
      applicantId: 'app1',
      jobId: 'job1',
      questId: 'q3',
      candidateToken: 'token-1',
      answer: { resTime: 2, optIdx: [1] },
    });
    // Synchronously after the call (no await yet): the applicant is not done.
    expect(manager.isApplicantDone('app1')).toBe(false);
    await saving;
    await manager.waitForApplicant('app1');
    expect(manager.isApplicantDone('app1')).toBe(true);
  });

  it('submits with the waiting answers in one call the moment the last byte is confirmed', async () => {
    const { manager, server, api, submitted, store } = setup();
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(4, 1));
    await vi.waitFor(() => expect(server.log).toContain('PATCH u1 0+4'));
    const release = server.holdPatches();
    await manager.appendChunk(recId, bytes(4, 2), { durationMs: 2000 });
    await manager.saveAnswer({
      applicantId: 'app1',
      jobId: 'job1',
      questId: 'q1',
      candidateToken: 'token-1',
      answer: { resTime: 2 },
      recordings: [{ recId, kind: 'face' }],
    });
    let isSubmitted = false;
    const submitting = manager
      .submitApplicant({ applicantId: 'app1', jobId: 'job1', candidateToken: 'token-1' })
      .then(() => {
        isSubmitted = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The last PATCH is not confirmed: nothing is submitted yet.
    expect(isSubmitted).toBe(false);
    expect(api.submit).not.toHaveBeenCalled();
    release();
    await submitting;
    expect(server.isComplete('u1')).toBe(true);
    expect(submitted).toEqual([{ q1: { resTime: 2, faceKey: RECORDING.key } }]);
    // The answer went with the submit, not on its own.
    expect(api.saveAnswers).not.toHaveBeenCalled();
    expect(await store.listAnswers()).toEqual([]);
    expect(manager.isApplicantDone('app1')).toBe(true);
  });

  it('a submit whose answer was lost is settled by asking the server', async () => {
    const { manager, api } = setup();
    let applied = false;
    api.submit = vi.fn(async () => {
      applied = true;
      throw new UploadHttpError(0, 'connection reset');
    });
    api.isSubmitted = vi.fn(async () => applied);
    await manager.submitApplicant({ applicantId: 'app1', jobId: 'job1', candidateToken: 't' });
    expect(api.isSubmitted).toHaveBeenCalledTimes(1);

    // Refused and not submitted: the caller hears the refusal.
    api.submit = vi.fn(async () => {
      throw new UploadHttpError(409, 'incomplete');
    });
    api.isSubmitted = vi.fn(async () => false);
    await expect(
      manager.submitApplicant({ applicantId: 'app2', jobId: 'job1', candidateToken: 't' }),
    ).rejects.toMatchObject({ status: 409 });
  });
});
