import { describe, expect, it } from 'vitest';
import {
  multipartKey,
  parseRecordingKey,
  recordingBitratesFor,
  recordingFileName,
} from './recording';

describe('recording names', () => {
  it('file name: applicant, job, question, then face or screen', () => {
    expect(
      recordingFileName({
        applicantId: 'a1',
        jobId: 'j1',
        questId: 'q1',
        kind: 'screen',
        container: 'webm',
      }),
    ).toBe('a1_j1_q1_screen.webm');
  });

  it('multipart key: interview id / file name, and back', () => {
    const key = multipartKey(
      'j1',
      recordingFileName({
        applicantId: 'a1',
        jobId: 'j1',
        questId: 'q1',
        kind: 'face',
        container: 'mp4',
      }),
    );
    expect(key).toBe('j1/a1_j1_q1_face.mp4');
    expect(parseRecordingKey(key)).toEqual({
      interviewId: 'j1',
      applicantId: 'a1',
      jobId: 'j1',
      questId: 'q1',
      kind: 'face',
      container: 'mp4',
    });
  });

  it.each([
    ['j1/a1_j1_q1_voice.webm'],
    ['../etc/a1_j1_q1_face.webm'],
    ['j1/a1_j1_face.webm'],
    ['a1_j1_q1_face.webm'],
    ['j1/a1_j1_q1_face.exe'],
  ])('%s is not a recording key', (key) => {
    expect(parseRecordingKey(key)).toBeNull();
  });
});

describe('recordingBitratesFor', () => {
  it('uses 70 % of the uplink less the audio, held between 250 kbit/s and 2.5 Mbit/s', () => {
    expect(recordingBitratesFor(2)).toEqual({
      videoBitsPerSecond: 1_336_000,
      audioBitsPerSecond: 64_000,
    });
    expect(recordingBitratesFor(0.3)?.videoBitsPerSecond).toBe(250_000);
    expect(recordingBitratesFor(50)?.videoBitsPerSecond).toBe(2_500_000);
  });

  it('leaves the browser its own choice when the uplink is unknown', () => {
    expect(recordingBitratesFor(null)).toBeNull();
    expect(recordingBitratesFor(0)).toBeNull();
    expect(recordingBitratesFor(Number.NaN)).toBeNull();
  });
});
