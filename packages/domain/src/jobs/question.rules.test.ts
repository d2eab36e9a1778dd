import { describe, expect, it } from 'vitest';
import { getInterviewOverview } from './question.rules';

const video = { isScreenAns: false };
const screen = { isScreenAns: true };

describe('getInterviewOverview', () => {
  it('counts the questions and adds their time limits and thinking time, rounded up', () => {
    expect(
      getInterviewOverview({
        rule: { isOneTry: false },
        quests: [
          { timeLimit: 3, ansRule: video },
          { timeLimit: 2, thinkTimeSec: 30, ansRule: video },
          { timeLimit: 0.5, thinkTimeSec: null, ansRule: video },
        ],
      }),
    ).toEqual({ questionCount: 3, totalMinutes: 6, isOneTry: false, needsScreen: false });
  });

  it('says one take and screen sharing when the job asks for them', () => {
    expect(
      getInterviewOverview({
        rule: { isOneTry: true },
        quests: [
          { timeLimit: 1, ansRule: video },
          { timeLimit: 5, ansRule: screen },
        ],
      }),
    ).toEqual({ questionCount: 2, totalMinutes: 6, isOneTry: true, needsScreen: true });
  });

  it('has nothing to add up for a job without questions', () => {
    expect(getInterviewOverview({ rule: { isOneTry: false }, quests: [] })).toMatchObject({
      questionCount: 0,
      totalMinutes: 0,
    });
  });
});
