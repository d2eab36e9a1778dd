import type { ConsentNoticeSettings, RetentionPreview } from '@candid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, renderScreen, TEST_USER } from '../../common/test/render-screen';
import RetentionPage from './retention-page';

const OWNER = { ...TEST_USER, orgRole: 'owner' as const };
const MEMBER = { ...TEST_USER, orgRole: 'recruiter' as const };
const PATH = '/backoffice/data-retention';

function preview(months: number, names: string[]): RetentionPreview {
  return {
    months,
    cutoff: '2026-05-26T10:00:00.000Z',
    count: names.length,
    applicants: names.map((name, index) => ({
      id: `a${index}`,
      fName: name,
      lName: 'Cohen',
      jobId: 'j1',
      jobTitle: 'Backend engineer',
      status: index === 0 ? 1 : 3,
      archivedAt: index === 0 ? null : '2026-01-10T10:00:00.000Z',
      since: index === 0 ? '2026-02-01T10:00:00.000Z' : '2026-01-10T10:00:00.000Z',
    })),
  };
}

function renderRetention(saved: number | null = null) {
  let stored = saved;
  const view = renderScreen(<RetentionPage />, {
    path: PATH,
    user: OWNER,
    routes: {
      'GET org/retention': () => ({ body: { retentionMonths: stored } }),
      'GET org/retention/preview?months=3': { body: preview(3, ['Yael', 'Gil', 'Rina']) },
      'GET org/retention/preview?months=6': { body: preview(6, ['Yael', 'Gil']) },
      'GET org/retention/preview?months=12': { body: preview(12, []) },
      'PUT org/retention': (call) => {
        stored = (call.body as { retentionMonths: number | null }).retentionMonths;
        return { body: { retentionMonths: stored } };
      },
      ...consentRoutes(),
    },
  });
  return view;
}

const STANDARD = {
  en: 'What is recorded: your video.\nHow long it is kept: until deleted.',
  he: 'מה מוקלט: הווידאו שלך.',
};

/** The consent notice's routes: each saved change becomes the next version. */
function consentRoutes() {
  let notice: ConsentNoticeSettings = {
    version: 0,
    texts: { en: '', he: '' },
    standard: STANDARD,
    savedAt: null,
  };
  return {
    'GET org/consent-notice': () => ({ body: notice }),
    'PUT org/consent-notice': (call: { body: unknown }) => {
      const { texts } = call.body as { texts: ConsentNoticeSettings['texts'] };
      notice = {
        ...notice,
        version: notice.version + 1,
        texts,
        savedAt: '2026-11-29T10:00:00.000Z',
      };
      return { body: notice };
    },
  };
}

async function choose(option: string) {
  await userEvent.click(
    await screen.findByRole('combobox', { name: /Delete archived and rejected applicants after/ }),
  );
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('RetentionPage (data retention)', () => {
  it('shows who a period would delete now before anything is saved, then saves after a confirmation', async () => {
    const view = renderRetention();
    expect(await screen.findByText(/Currently off/)).toBeVisible();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await choose('6 months');
    const list = await screen.findByTestId('retention-preview');
    expect(
      within(list).getByRole('heading', { name: '2 applicants would be deleted now' }),
    ).toBeVisible();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Yael Cohen')).toBeVisible();
    expect(within(items[0]!).getByText('Backend engineer')).toBeVisible();
    expect(within(items[0]!).getByText('Not a fit')).toBeVisible();
    expect(within(items[1]!).getByText('Archived')).toBeVisible();
    expect(view.fetchMock.callsTo('PUT org/retention')).toHaveLength(0);

    await choose('12 months');
    expect(
      await within(await screen.findByTestId('retention-preview')).findByText(
        'Nobody would be deleted today.',
      ),
    ).toBeVisible();
    await choose('3 months');
    expect(
      await screen.findByRole('heading', { name: '3 applicants would be deleted now' }),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    let dialog = await screen.findByRole('dialog', { name: 'Turn on data retention?' });
    expect(within(dialog).getByText(/3 applicants are already due/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.fetchMock.callsTo('PUT org/retention')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    dialog = await screen.findByRole('dialog', { name: 'Turn on data retention?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and delete when due' }));
    await waitFor(() =>
      expect(view.fetchMock.callsTo('PUT org/retention').map((call) => call.body)).toEqual([
        { retentionMonths: 3 },
      ]),
    );
    expect(await screen.findByText(/On: applicants are deleted 3 months after/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('turns retention off without a dry run', async () => {
    const view = renderRetention(6);
    expect(await screen.findByText(/deleted 6 months after/)).toBeVisible();
    await choose('Never (off)');
    expect(screen.queryByTestId('retention-preview')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(view.fetchMock.callsTo('PUT org/retention').map((call) => call.body)).toEqual([
        { retentionMonths: null },
      ]),
    );
    expect(await screen.findByText(/Currently off/)).toBeVisible();
  });

  it('asks before changing a period already on, naming it a change', async () => {
    const view = renderRetention(6);
    expect(await screen.findByText(/deleted 6 months after/)).toBeVisible();
    await choose('12 months');
    expect(await screen.findByText('Nobody would be deleted today.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the retention period?' });
    expect(within(dialog).getByText(/deleted for good 12 months after/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and delete when due' }));
    await waitFor(() =>
      expect(view.fetchMock.callsTo('PUT org/retention').map((call) => call.body)).toEqual([
        { retentionMonths: 12 },
      ]),
    );
  });

  it('lets the owner edit the consent notice, starting from the standard text, saved as a new version', async () => {
    const view = renderRetention(12);
    const section = await screen.findByTestId('consent-notice');
    expect(within(section).getByTestId('consent-notice-version')).toHaveTextContent(
      'The standard notice is in use',
    );
    const english = within(section).getByRole('textbox', { name: 'English interviews' });
    expect(english).toHaveValue(STANDARD.en);
    const save = within(section).getByRole('button', { name: 'Save notice' });
    expect(save).toBeDisabled();
    await userEvent.clear(english);
    await userEvent.type(english, 'Acme keeps your video for a year.');
    await userEvent.click(save);
    await waitFor(() =>
      expect(view.fetchMock.callsTo('PUT org/consent-notice').map((call) => call.body)).toEqual([
        // The Hebrew text left as the standard one is saved blank (it follows the standard).
        { texts: { en: 'Acme keeps your video for a year.', he: '' } },
      ]),
    );
    expect(await within(section).findByTestId('consent-notice-version')).toHaveTextContent(
      'Version 1 in use',
    );
  });

  it('tells a member that the owner decides, and asks the server nothing', async () => {
    const view = renderScreen(<RetentionPage />, { path: PATH, user: MEMBER, routes: {} });
    expect(await screen.findByTestId('owner-only')).toHaveTextContent(
      "Only the organization's owner sets how long applicants' data is kept.",
    );
    expect(view.fetchMock.calls.filter((call) => call.path.startsWith('org/'))).toHaveLength(0);
  });

  it('says so when the settings cannot be loaded', async () => {
    renderScreen(<RetentionPage />, {
      path: PATH,
      user: OWNER,
      routes: { 'GET org/retention': apiError(500, 'INTERNAL_ERR') },
    });
    expect(
      await screen.findByText(
        'The retention settings could not be loaded. Reload the page to try again.',
      ),
    ).toBeVisible();
  });
});
