import type { CreateShareLinkResponse } from '@candid/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../../common/api/api-client';
import { renderWithProviders } from '../../../../common/test/render-with-providers';
import { ShareLinkDialog } from './share-link-dialog';

const TOKEN = `shr_${'k'.repeat(43)}`;
const CREATED: CreateShareLinkResponse = {
  link: {
    _id: 'l1',
    guestName: 'Hana Manager',
    guestEmail: 'hana@example.com',
    createdBy: 'Olga Cohen',
    createdAt: '2026-03-01T10:00:00.000Z',
    expiresAt: '2026-03-31T10:00:00.000Z',
    revokedAt: null,
    viewCount: 0,
    lastViewedAt: null,
    applicantIds: ['a1', 'a2'],
  },
  token: TOKEN,
  path: `/share/${TOKEN}`,
};

function fakeApi() {
  const post = vi.fn(async () => CREATED);
  const fail = vi.fn(async () => {
    throw new Error('unexpected call');
  });
  const api: ApiClient = {
    request: fail as ApiClient['request'],
    get: fail as ApiClient['get'],
    post: post as ApiClient['post'],
    put: fail as ApiClient['put'],
    delete: fail as ApiClient['delete'],
  };
  return { api, post };
}

describe('ShareLinkDialog', () => {
  it('asks for the guest name, sends the selection with the chosen expiry and shows the link once', async () => {
    const user = userEvent.setup();
    const { api, post } = fakeApi();
    renderWithProviders(<ShareLinkDialog applicantIds={['a1', 'a2']} opened onClose={() => {}} />, {
      api,
    });
    expect(await screen.findByText(/these 2 applicants/)).toBeVisible();
    // 7 days by default.
    expect(screen.getByRole('radio', { name: '7 days' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('This field is required')).toBeVisible();
    expect(post).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Hiring manager's name/), '  Hana Manager ');
    await user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Please enter a valid email')).toBeVisible();
    expect(post).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), 'Hana@Example.com');
    await user.click(screen.getByText('30 days'));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('job/share-link', {
        guestName: 'Hana Manager',
        guestEmail: 'hana@example.com',
        expiresInDays: 30,
        applicantIds: ['a1', 'a2'],
      }),
    );
    const url = await screen.findByTestId('share-link-url');
    expect(url).toHaveValue(`${window.location.origin}/share/${TOKEN}`);
    expect(screen.getByTestId('share-link-created')).toHaveTextContent('Hana Manager');
    expect(screen.getByText(/shown only this once/)).toBeVisible();
  });

  it('speaks Hebrew', async () => {
    const { api } = fakeApi();
    renderWithProviders(<ShareLinkDialog applicantIds={['a1']} opened onClose={() => {}} />, {
      api,
      language: 'he',
    });
    expect(await screen.findByText('שיתוף עם מנהל/ת גיוס')).toBeVisible();
    expect(screen.getByRole('radio', { name: '7 ימים' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'יצירת קישור' })).toBeVisible();
  });
});
