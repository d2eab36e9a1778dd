// What the candidate's invitation page needs (the token's shape, to ask for a personal link's
// details), kept apart from the invitation schemas (zod) so the page a candidate opens first does
// not load the validation library: importing a constant from the schemas module kept its
// module-level schemas, and with them zod, in the invitation's chunks (24 KiB compressed).

/** The most people one invitation call may invite (a pasted list or one CSV file). */
export const MAX_INVITATIONS_PER_CALL = 200;
/** Longest subject and message a recruiter may write for an invitation e-mail. */
export const MAX_INVITATION_SUBJECT_CHARS = 200;
export const MAX_INVITATION_MESSAGE_CHARS = 4000;
/** A personal invitation link's token: base64url of 24 random bytes. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/u;
/** When an invited person who has not finished gets the one reminder (if the recruiter wants it). */
export const INVITATION_REMINDER_AFTER_MS = 2 * 24 * 60 * 60 * 1000;
