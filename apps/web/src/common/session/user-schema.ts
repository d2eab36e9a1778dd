// Its own module so the session check loads zod only when it asks for a user (never on the
// candidate's pages, which do not ask).
export { userSchema } from '@candid/domain';
