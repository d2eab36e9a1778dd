import { describe, expect, it } from 'vitest';
import { parseInvitationList } from './invitation-list';

describe('parseInvitationList', () => {
  it('reads pasted lines: the address by its @, the phone by its digits, the rest the name', () => {
    expect(
      parseInvitationList(
        'Dana Bar Levi, dana@example.com, 050-1234567\n\n avi@example.com ; Avi\nנועה כהן\tnoa@example.com',
      ),
    ).toEqual([
      { fName: 'Dana', lName: 'Bar Levi', email: 'dana@example.com', phone: '050-1234567' },
      { fName: 'Avi', lName: '', email: 'avi@example.com', phone: '' },
      { fName: 'נועה', lName: 'כהן', email: 'noa@example.com', phone: '' },
    ]);
  });

  it('reads a CSV file by its header, in any column order, quoted cells included', () => {
    const csv = [
      'Email,First name,Last name,Phone',
      'dana@example.com,Dana,"Levi, Jr.",050-1234567',
      'avi@example.com,,Cohen,',
    ].join('\r\n');
    expect(parseInvitationList(csv)).toEqual([
      { fName: 'Dana', lName: 'Levi, Jr.', email: 'dana@example.com', phone: '050-1234567' },
      { fName: '', lName: 'Cohen', email: 'avi@example.com', phone: '' },
    ]);
  });

  it('reads a Hebrew header with one name column', () => {
    expect(parseInvitationList('שם,אימייל\nנועה כהן,noa@example.com')).toEqual([
      { fName: 'נועה', lName: 'כהן', email: 'noa@example.com', phone: '' },
    ]);
  });

  it('keeps a line without an address, so the server names it as the row to fix', () => {
    expect(parseInvitationList('Dana Levi')).toEqual([
      { fName: 'Dana', lName: 'Levi', email: '', phone: '' },
    ]);
    expect(parseInvitationList('  \n ')).toEqual([]);
  });
});
