import { z } from 'zod';
import { idSchema } from '../common/ids';
import { teamMemberSchema } from '../users/team.schemas';

/** Most reviewers one job can be given at once (a hiring panel, not the whole company). */
export const MAX_JOB_REVIEWERS = 200;

/** A member of the organisation as a job's "Who can see this job" list shows them. */
export const jobAccessMemberSchema = teamMemberSchema
  .pick({ _id: true, fName: true, lName: true, email: true, imgUrl: true, orgRole: true })
  .extend({
    /** The owner and recruiters see every job; a reviewer sees it when assigned to it. */
    canSee: z.boolean(),
  });
export type JobAccessMember = z.infer<typeof jobAccessMemberSchema>;

/** Answer of `GET job/{id}/access`: everyone of the organisation, the owner first. */
export const jobAccessResponseSchema = z.object({
  members: z.array(jobAccessMemberSchema),
  /** Whether the caller may assign reviewers (the owner; see canManageMembers). */
  canManage: z.boolean(),
});
export type JobAccessResponse = z.infer<typeof jobAccessResponseSchema>;

/** `PUT job/{id}/access`: the reviewers who see the job from now on (all others lose it). */
export const jobAccessBodySchema = z.object({
  reviewerIds: z.array(idSchema).max(MAX_JOB_REVIEWERS),
});
export type JobAccessBody = z.infer<typeof jobAccessBodySchema>;
