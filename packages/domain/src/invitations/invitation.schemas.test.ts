import { describe, expect, it } from 'vitest';
import { VALIDATION_KEYS } from '../validation/validation-keys';
import { MAX_INVITATIONS_PER_CALL } from './invitation-limits';
import {
  duplicateRowIndexes,
  getInvitationRowProblems,
  invitationQuerySchema,
  sendInvitationsBodySchema,
} from './invitation.schemas';

const body = (rows: unknown[]) => ({
  rows,
  subject: 'Your interview',
  message: 'Hello, please record your answers.',
  language: 'en',
});

describe('invitations', () => {
  it('takes a name and an address; lower-cases the address, defaults last name and phone', () => {
    const parsed = sendInvitationsBodySchema.parse(
      body([{ fName: ' Dana ', email: ' Dana@Example.COM ' }]),
    );
    expect(parsed.rows).toEqual([
      { fName: 'Dana', lName: '', email: 'dana@example.com', phone: '' },
    ]);
  });

  it('reports each bad row by its index and field', () => {
    const result = sendInvitationsBodySchema.safeParse(
      body([
        { fName: 'Dana', email: 'dana@example.com' },
        { fName: '', email: 'not-an-address' },
        { fName: 'Avi', email: 'avi@example.com', phone: '12' },
      ]),
    );
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['rows.1.fName', VALIDATION_KEYS.REQUIRED_VALIDATE],
        ['rows.1.email', VALIDATION_KEYS.EMAIL_VALIDATE],
        ['rows.2.phone', VALIDATION_KEYS.PHONE_VALIDATE],
      ]),
    );
  });

  it('names the second mention of an address as the duplicate, whatever its case', () => {
    expect(
      duplicateRowIndexes([
        { email: 'a@x.com' },
        { email: 'b@x.com' },
        { email: ' A@X.com' },
        { email: 'a@x.com' },
      ]),
    ).toEqual([2, 3]);
    const result = sendInvitationsBodySchema.safeParse(
      body([
        { fName: 'A', email: 'a@x.com' },
        { fName: 'B', email: 'A@x.com' },
      ]),
    );
    expect(result.error!.issues).toEqual([
      expect.objectContaining({
        path: ['rows', 1, 'email'],
        message: VALIDATION_KEYS.DUPLICATE_EMAIL_VALIDATE,
      }),
    ]);
  });

  it('refuses an empty list, an over-long list, a blank subject and an unknown language', () => {
    expect(sendInvitationsBodySchema.safeParse(body([])).success).toBe(false);
    const many = Array.from({ length: MAX_INVITATIONS_PER_CALL + 1 }, (_, i) => ({
      fName: `P${i}`,
      email: `p${i}@example.com`,
    }));
    expect(sendInvitationsBodySchema.safeParse(body(many)).success).toBe(false);
    const one = [{ fName: 'A', email: 'a@x.com' }];
    expect(sendInvitationsBodySchema.safeParse({ ...body(one), subject: '  ' }).success).toBe(
      false,
    );
    expect(sendInvitationsBodySchema.safeParse({ ...body(one), language: 'fr' }).success).toBe(
      false,
    );
  });

  it('accepts only a token of the link format', () => {
    expect(invitationQuerySchema.safeParse({ token: 'a'.repeat(32) }).success).toBe(true);
    expect(invitationQuerySchema.safeParse({ token: 'a'.repeat(31) }).success).toBe(false);
    expect(invitationQuerySchema.safeParse({ token: `${'a'.repeat(31)}/` }).success).toBe(false);
  });
});

describe('getInvitationRowProblems', () => {
  const row = (email: string, fName = 'Dana') => ({ fName, lName: '', email, phone: '' });

  it('marks a missing, a malformed and a repeated address, and a missing first name', () => {
    const problems = getInvitationRowProblems([
      row('dana@example.com'),
      row(''),
      row('not-an-address'),
      row(' DANA@example.com '),
      row('noa@example.com', ''),
      row('noa@example.com'),
    ]);
    expect([...problems.entries()]).toEqual([
      [1, { email: VALIDATION_KEYS.REQUIRED_VALIDATE }],
      [2, { email: VALIDATION_KEYS.EMAIL_VALIDATE }],
      [3, { email: VALIDATION_KEYS.DUPLICATE_EMAIL_VALIDATE }],
      [4, { fName: VALIDATION_KEYS.REQUIRED_VALIDATE }],
    ]);
  });

  it('keeps rows the server accepts as a list', () => {
    const rows = [row('a@example.com'), row('a@example.com'), row('b@example.com')];
    const problems = getInvitationRowProblems(rows);
    const kept = rows.filter((_row, index) => !problems.has(index));
    expect(kept).toHaveLength(2);
    expect(sendInvitationsBodySchema.safeParse(body(kept)).success).toBe(true);
  });
});
