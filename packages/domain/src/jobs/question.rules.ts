// Rules about a job's questions that need no schema: the candidate's first screen uses them,
// and a module without zod keeps zod off that screen.
/** Whether any question needs a screen recording (the media check then needs a screen stream). */
export function needsScreen(quests: readonly { ansRule: { isScreenAns: boolean } }[]): boolean {
  return quests.some((quest) => quest.ansRule.isScreenAns);
}
