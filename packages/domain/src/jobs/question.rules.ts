// Rules about a job's questions that need no schema: the candidate's first screen uses them,
// and a module without zod keeps zod off that screen.
/** Whether any question needs a screen recording (the media check then needs a screen stream). */
export function needsScreen(quests: readonly { ansRule: { isScreenAns: boolean } }[]): boolean {
  return quests.some((quest) => quest.ansRule.isScreenAns);
}

/** What the candidate's first screen tells of the interview before it starts. */
export interface InterviewOverview {
  questionCount: number;
  /**
   * The longest the questions can take, in whole minutes (rounded up): every answer's time
   * limit plus any thinking time before a take starts by itself.
   */
  totalMinutes: number;
  /** One take per answer (no retakes). */
  isOneTry: boolean;
  /** A question records the screen: the candidate will be asked to share it. */
  needsScreen: boolean;
}

/**
 * The longest an interview can take, in whole minutes: every answer's limit plus every limited
 * reading time. The candidate plans their time by it, so it rounds up.
 */
export function interviewLengthMin(
  quests: readonly { timeLimit: number; thinkTimeSec?: number | null }[],
): number {
  const seconds = quests.reduce(
    (sum, quest) => sum + quest.timeLimit * 60 + (quest.thinkTimeSec ?? 0),
    0,
  );
  return Math.ceil(seconds / 60);
}

/** The interview's size and conditions as the invitation states them. */
export function getInterviewOverview(job: {
  rule: { isOneTry: boolean };
  quests: readonly {
    timeLimit: number;
    thinkTimeSec?: number | null;
    ansRule: { isScreenAns: boolean };
  }[];
}): InterviewOverview {
  return {
    questionCount: job.quests.length,
    totalMinutes: interviewLengthMin(job.quests),
    isOneTry: job.rule.isOneTry,
    needsScreen: needsScreen(job.quests),
  };
}
