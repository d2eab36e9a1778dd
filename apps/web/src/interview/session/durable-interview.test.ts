import type { CandidateAnswerMap } from '@candid/domain';
import { describe, expect, it } from 'vitest';
import {
  durableInterviewKey,
  forgetDurableInterview,
  planResume,
  readDurableInterview,
  writeDurableInterview,
  type DurableInterview,
} from './durable-interview';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

const RECORD: DurableInterview = {
  applicantId: 'a1',
  candidateToken: 't1',
  questionIndex: 1,
  phase: 'questions',
  details: null,
  devices: { videoDeviceId: 'cam' },
  mediaConstraints: { video: true, audio: true },
  recordingMimeType: 'video/webm',
  recordingBitrates: null,
  recordingContainer: 'webm',
  savedAt: 1,
};

describe('the interview kept on the device', () => {
  it('is kept per job and read back as written', () => {
    const storage = memoryStorage();
    writeDurableInterview('job-1', RECORD, storage);
    expect(readDurableInterview('job-1', storage)).toEqual(RECORD);
    expect(readDurableInterview('job-2', storage)).toBeNull();
    expect([...storage.items.keys()]).toEqual([durableInterviewKey('job-1')]);
    forgetDurableInterview('job-1', storage);
    expect(readDurableInterview('job-1', storage)).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['no token', JSON.stringify({ applicantId: 'a1' })],
    ['an array', '[]'],
  ])('reads %s as nothing kept', (_name, stored) => {
    const storage = memoryStorage();
    storage.setItem(durableInterviewKey('job-1'), stored);
    expect(readDurableInterview('job-1', storage)).toBeNull();
  });

  it('repairs what it cannot use: a bad index is 0, an unknown phase is the questions', () => {
    const storage = memoryStorage();
    storage.setItem(
      durableInterviewKey('job-1'),
      JSON.stringify({ ...RECORD, questionIndex: -3, phase: 'x', recordingContainer: 'avi' }),
    );
    expect(readDurableInterview('job-1', storage)).toMatchObject({
      questionIndex: 0,
      phase: 'questions',
      recordingContainer: null,
    });
  });
});

describe('planResume', () => {
  const questIds = ['q1', 'q2', 'q3'];
  const none = new Set<string>();
  const saved = { resTime: 5 };

  it.each<{
    name: string;
    answerMap: CandidateAnswerMap;
    kept: { questionIndex: number; phase: 'questions' | 'finishing' } | null;
    interrupted: Set<string>;
    index: number;
    states: string[];
    isFinishing: boolean;
  }>([
    {
      name: 'goes on at the question the device was on, the earlier ones saved',
      answerMap: { q1: saved },
      kept: { questionIndex: 1, phase: 'questions' },
      interrupted: none,
      index: 1,
      states: ['saved', 'current', 'unanswered'],
      isFinishing: false,
    },
    {
      name: 'keeps a cut-off take unsaved even when the server holds its recording',
      answerMap: { q1: saved, q2: { resTime: 6, faceKey: 'k' } },
      kept: { questionIndex: 1, phase: 'questions' },
      interrupted: new Set(['q2']),
      index: 1,
      states: ['saved', 'interrupted', 'unanswered'],
      isFinishing: false,
    },
    {
      name: 'a reload on the last question with a cut-off take is not finishing',
      answerMap: { q1: saved, q2: saved },
      kept: { questionIndex: 2, phase: 'questions' },
      interrupted: new Set(['q3']),
      index: 2,
      states: ['saved', 'saved', 'interrupted'],
      isFinishing: false,
    },
    {
      name: 'moves past a question the device was on once its answer is saved',
      answerMap: { q1: saved, q2: saved },
      kept: { questionIndex: 1, phase: 'questions' },
      interrupted: none,
      index: 2,
      states: ['saved', 'saved', 'current'],
      isFinishing: false,
    },
    {
      name: 'on another device (nothing kept): the first question without an answer',
      answerMap: { q1: saved },
      kept: null,
      interrupted: none,
      index: 1,
      states: ['saved', 'current', 'unanswered'],
      isFinishing: false,
    },
    {
      name: 'every answer saved: only the finish is left',
      answerMap: { q1: saved, q2: saved, q3: saved },
      kept: { questionIndex: 2, phase: 'finishing' },
      interrupted: none,
      index: 2,
      states: ['saved', 'saved', 'saved'],
      isFinishing: true,
    },
  ])('$name', ({ answerMap, kept, interrupted, index, states, isFinishing }) => {
    expect(planResume({ questIds, answerMap, kept, interrupted })).toEqual({
      questionIndex: index,
      questions: states,
      isFinishing,
    });
  });

  it('counts an answer still on its way from this device as saved', () => {
    const plan = planResume({
      questIds,
      answerMap: { q1: saved },
      kept: { questionIndex: 2, phase: 'finishing' },
      interrupted: none,
      pendingQuestIds: new Set(['q2', 'q3']),
    });
    expect(plan.isFinishing).toBe(true);
    expect(plan.questions).toEqual(['saved', 'saved', 'saved']);
  });
});
