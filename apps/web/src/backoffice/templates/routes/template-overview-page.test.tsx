import type { Template } from '@candid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen, TEST_USER } from '../../common/test/render-screen';
import TemplateOverviewPage from './template-overview-page';

const OWN: Template = {
  _id: 'own-1',
  title: 'Our engineer',
  name: '',
  owner: { _id: 'u1', fName: 'Dana' },
  quests: [],
  isDefault: false,
  coverUrl: '',
  createdAt: '2024-05-01T10:00:00.000Z',
  archivedAt: null,
};
/** A built-in starter: no owner id. */
const STARTER: Template = {
  ...OWN,
  _id: 'starter-sales',
  title: 'Sales representative',
  owner: { fName: 'Candid' },
};

function renderPage(language: 'en' | 'he' = 'en') {
  return renderScreen(<TemplateOverviewPage />, {
    path: '/backoffice/template',
    user: TEST_USER,
    language,
    routes: {
      // The organisation's default comes back here too; the page lists it with its own.
      'GET template/default': { body: [OWN, STARTER] },
      'GET template': {
        body: { templates: [OWN], pageCount: 1, filteredTemplateCount: 1, totalTemplateCount: 1 },
      },
    },
  });
}

describe('TemplateOverviewPage', () => {
  it('lists the built-in templates under the own ones: marked, usable, never editable', async () => {
    renderPage();
    expect(await screen.findByTestId('template-row')).toHaveTextContent('Our engineer');
    const builtIn = await screen.findByTestId('built-in-templates');
    const rows = within(builtIn).getAllByTestId('built-in-template-row');
    // Only the starter: the organisation's own template is not listed twice.
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('Built-in')).toBeVisible();
    expect(
      within(rows[0]!).getByRole('link', {
        name: 'Use the template Sales representative',
      }),
    ).toHaveAttribute('href', '/create?templateId=starter-sales');
    expect(within(rows[0]!).getByRole('link', { name: 'Sales representative' })).toHaveAttribute(
      'href',
      '/backoffice/template/starter-sales',
    );
    // The own template has its menu; the built-in one has none.
    expect(screen.getByRole('button', { name: 'Actions for Our engineer' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Actions for Sales representative' })).toBeNull();
  });

  it('searches the built-in ones too and leaves them out of the archive', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('built-in-templates');
    await user.type(screen.getByRole('textbox', { name: 'Search templates' }), 'nurse');
    await waitFor(() => expect(screen.queryByTestId('built-in-templates')).toBeNull());
    await user.clear(screen.getByRole('textbox', { name: 'Search templates' }));
    await user.type(screen.getByRole('textbox', { name: 'Search templates' }), 'SALES');
    expect(await screen.findByTestId('built-in-template-row')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByTestId('built-in-templates')).toBeNull());
  });

  it('reads in Hebrew', async () => {
    renderPage('he');
    const builtIn = await screen.findByTestId('built-in-templates');
    expect(within(builtIn).getByRole('heading', { name: 'תבניות מובנות' })).toBeVisible();
    expect(within(builtIn).getByText('מובנית')).toBeVisible();
    expect(within(builtIn).getByText('שימוש')).toBeVisible();
  });
});
