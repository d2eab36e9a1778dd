import { z } from 'zod';
import { isoDateSchema } from '../common/date-schemas';
import { idSchema } from '../common/ids';
import { LANGUAGES } from '../common/constants';
import { hasPermission, isAdmin, type PermissionSubject } from '../permissions/plans';
import {
  emailSchema,
  optionalString,
  passwordSchema,
  requiredString,
} from '../validation/primitives';
import { VALIDATION_KEYS } from '../validation/validation-keys';
import { ORG_ROLES } from './org-roles';

export const orgRoleSchema = z.enum([ORG_ROLES.OWNER, ORG_ROLES.RECRUITER, ORG_ROLES.REVIEWER]);

/** The roles the owner gives a member they add or edit (there is one owner). */
export const MEMBER_ROLES = [ORG_ROLES.RECRUITER, ORG_ROLES.REVIEWER] as const;
export const memberRoleSchema = z.enum(MEMBER_ROLES);
export type MemberRole = z.infer<typeof memberRoleSchema>;

/** What the team rules read of a user. */
export interface TeamSubject extends PermissionSubject {
  role?: string | null;
  orgRole?: string | null;
}

/**
 * Who may add, edit and remove an organisation's members and set their passwords: its owner
 * when their plan includes MULTI_USER_ORGANIZATION (enterprise, or granted by name), or an admin.
 */
export function canManageMembers(user: TeamSubject): boolean {
  if (isAdmin(user)) return true;
  return user.orgRole === ORG_ROLES.OWNER && hasPermission(user, 'MULTI_USER_ORGANIZATION');
}

/** Whether the organisation works with departments (jobs grouped and filtered by them). */
export function canUseDepartments(user: PermissionSubject): boolean {
  return hasPermission(user, 'MULTI_DEPARTMENT_ORGANIZATION');
}

/**
 * Who may change the organisation's list of departments: its owner with the
 * MULTI_DEPARTMENT_ORGANIZATION permission, or an admin.
 */
export function canManageDepartments(user: TeamSubject): boolean {
  if (isAdmin(user)) return true;
  return user.orgRole === ORG_ROLES.OWNER && canUseDepartments(user);
}

/** A row of the team screen (`GET team`). */
export const teamMemberSchema = z.object({
  _id: idSchema,
  fName: z.string(),
  lName: z.string().default(''),
  email: z.string(),
  imgUrl: z.string().optional(),
  orgRole: orgRoleSchema,
  lastLogin: isoDateSchema.nullable().default(null),
  /** False until the member chose a password from their invitation email. */
  hasPassword: z.boolean(),
  /** Jobs the member owns: they go to the owner when the member is removed. */
  jobCount: z.number().int().min(0),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** Answer of `GET team`: the organisation's users, its owner first. */
export const teamResponseSchema = z.object({
  members: z.array(teamMemberSchema),
  /** Whether the caller may manage them (see {@link canManageMembers}). */
  canManage: z.boolean(),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

/** The owner's add/edit member form. */
export const memberInputSchema = z.object({
  fName: requiredString,
  lName: optionalString,
  email: emailSchema,
  /** Recruiter when left out on adding; unchanged when left out on editing. */
  orgRole: memberRoleSchema.optional(),
});
export type MemberInput = z.infer<typeof memberInputSchema>;

/** `POST team/member`: the member form and the language of their invitation email. */
export const addMemberBodySchema = memberInputSchema.extend({
  language: z.enum(LANGUAGES).optional(),
});
export type AddMemberBody = z.infer<typeof addMemberBodySchema>;

/** `PUT team/member/{id}`. */
export const updateMemberBodySchema = memberInputSchema;
export type UpdateMemberBody = z.infer<typeof updateMemberBodySchema>;

/**
 * `PUT auth/set-password`: the token of a member's invitation link and the password they
 * choose. The link is single use; choosing the password verifies the email and logs in.
 */
export const setPasswordBodySchema = z.object({
  token: z.string().trim().min(1, { error: VALIDATION_KEYS.REQUIRED_VALIDATE }),
  password: passwordSchema,
});
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;

/** Longest department name. */
export const DEPARTMENT_NAME_MAX_LENGTH = 60;

/** A department of the organisation (multi-department organisations). */
export const departmentSchema = z.object({
  _id: idSchema,
  name: z.string(),
  /** Active and archived jobs in the department. */
  jobCount: z.number().int().min(0),
});
export type Department = z.infer<typeof departmentSchema>;

/** `POST department` and `PUT department/{id}`. */
export const departmentInputSchema = z.object({
  name: requiredString.refine((name) => name.length <= DEPARTMENT_NAME_MAX_LENGTH, {
    error: VALIDATION_KEYS.INVALID_VALUE,
  }),
});
export type DepartmentInput = z.infer<typeof departmentInputSchema>;

/** Answer of `GET department`: the organisation's departments by name. */
export const departmentListResponseSchema = z.object({ departments: z.array(departmentSchema) });
export type DepartmentListResponse = z.infer<typeof departmentListResponseSchema>;
