import type { Account, AccountListResponse } from '@candid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen, TEST_USER } from '../../../common/test/render-screen';
import AccountOverviewPage from '../routes/account-overview-page';

const ADMIN = { ...TEST_USER, role: 'admin' as const };

const RINA: Account = {
  _id: 'u7',
  fName: 'Rina',
  lName: 'Katz',
  email: 'rina@example.com',
  lastLogin: null,
  interviewCount: 0,
  perm: 999,
  role: 'user',
  companyName: 'Acme',
};

const LIST: AccountListResponse = {
  accounts: [RINA],
  pageCount: 1,
  filteredAccountCount: 1,
  totalAccountCount: 1,
};

async function openVerification(language: 'en' | 'he' = 'en') {
  const codes: string[] = [];
  const screenApi = renderScreen(<AccountOverviewPage />, {
    path: '/backoffice/admin/account',
    user: ADMIN,
    language,
    routes: {
      'GET user/query': { body: LIST },
      'POST user/verify-email': { body: {} },
      'POST user/verify-email-code': { body: {} },
      'POST user/verify-applicant': (call) => {
        const { code } = call.body as { code: string };
        codes.push(code);
        return { body: { isVerified: code === '123456' } };
      },
    },
  });
  const row = await screen.findByTestId('account-row');
  await userEvent.click(within(row).getByRole('button'));
  await userEvent.click(
    await screen.findByRole('menuitem', {
      name: language === 'en' ? 'Email verification' : 'אימות כתובת אימייל',
    }),
  );
  const dialog = await screen.findByRole('dialog');
  return { ...screenApi, dialog, codes };
}

describe('e-mail verification from the accounts screen', () => {
  it('sends the verification e-mail, or a code alone, to that account', async () => {
    const { dialog, fetchMock } = await openVerification();
    expect(dialog).toHaveTextContent('Email verification: Rina Katz');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send verification email' }));
    await waitFor(() => expect(fetchMock.callsTo('POST user/verify-email')).toHaveLength(1));
    expect(fetchMock.callsTo('POST user/verify-email')[0]?.body).toEqual({ user: { _id: 'u7' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send a code only' }));
    await waitFor(() => expect(fetchMock.callsTo('POST user/verify-email-code')).toHaveLength(1));
    expect(fetchMock.callsTo('POST user/verify-email-code')[0]?.body).toEqual({
      user: { _id: 'u7' },
    });
    expect(await screen.findByText('The email was sent')).toBeInTheDocument();
  });

  it("checks a code: a wrong one says it doesn't match, a right one that the address is verified", async () => {
    const { dialog, codes } = await openVerification();
    const check = within(dialog).getByRole('button', { name: 'Check code' });
    expect(check).toBeDisabled();
    const first =
      within(dialog).getAllByRole('textbox')[0] ?? within(dialog).getAllByRole('spinbutton')[0];
    await userEvent.click(first!);
    await userEvent.paste('654321');
    await userEvent.click(check);
    expect(
      await within(dialog).findByText(/Confirmation code doesn't match our records/),
    ).toBeInTheDocument();
    await userEvent.click(first!);
    await userEvent.paste('123 456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check code' }));
    expect(
      await within(dialog).findByText('The code is right: rina@example.com is verified.'),
    ).toBeInTheDocument();
    expect(codes).toEqual(['654321', '123456']);
  });

  it('reads in Hebrew', async () => {
    const { dialog } = await openVerification('he');
    expect(within(dialog).getByRole('button', { name: 'שליחת אימייל אימות' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'בדיקת הקוד' })).toBeDisabled();
  });
});
