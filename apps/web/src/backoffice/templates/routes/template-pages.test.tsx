import type { Template } from '@candid/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen, TEST_USER } from '../../common/test/render-screen';
import TemplateDetailsPage from './template-details-page';
import TemplateEditorPage from './template-editor-page';

function makeTemplate(patch: Partial<Template> = {}): Template {
  return {
    _id: 't1',
    title: 'Support interview',
    name: '',
    owner: { _id: 'u1', fName: 'Dana' },
    quests: [
      {
        id: 'q1',
        txt: '',
        desc: '<p>Tell us about <strong>you</strong></p>',
        vidUrl: null,
        ansRule: {
          isVidAns: false,
          isScreenAns: false,
          isTxtAns: true,
          isImgAns: false,
          isCodeAns: false,
        },
        timeLimit: 2,
      },
    ],
    isDefault: false,
    coverUrl: '',
    createdAt: '2024-05-01T10:00:00.000Z',
    archivedAt: null,
    ...patch,
  };
}

describe('TemplateDetailsPage', () => {
  it('lists the questions and toggles the default from the menu', async () => {
    let stored = makeTemplate();
    const view = renderScreen(<TemplateDetailsPage />, {
      path: '/backoffice/template/:templateId',
      initialEntry: '/backoffice/template/t1',
      user: TEST_USER,
      routes: {
        'GET template/t1': () => ({ body: stored }),
        'PUT template/t1/default': () => {
          stored = { ...stored, isDefault: !stored.isDefault };
          return { body: stored };
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Support interview' })).toBeVisible();
    expect(screen.getByText('untitled')).toBeVisible();
    expect(screen.getByText('Text')).toBeVisible();
    expect(screen.getByText('2 minutes')).toBeVisible();
    expect(screen.queryByTestId('default-badge')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Support interview' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Make default' }));
    expect(await screen.findByTestId('default-badge')).toBeVisible();
    expect(view.fetchMock.callsTo('PUT template/t1/default')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Use template' })).toHaveAttribute(
      'href',
      '/create?templateId=t1',
    );
  });
});

describe('TemplateEditorPage', () => {
  it('asks before leaving with unsaved changes: no stays, yes leaves', async () => {
    const view = renderScreen(<TemplateEditorPage />, {
      path: '/backoffice/template/edit/:templateId?',
      initialEntry: '/backoffice/template/edit',
      user: TEST_USER,
    });
    const title = await screen.findByRole('textbox', { name: /Template name/ });
    fireEvent.change(title, { target: { value: 'Sales' } });
    await userEvent.click(
      within(screen.getByRole('main')).getByRole('link', { name: 'Templates' }),
    );
    expect(await screen.findByText('Leave without saving?')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'No, stay' }));
    expect(view.currentUrl()).toBe('/backoffice/template/edit');

    await userEvent.click(
      within(screen.getByRole('main')).getByRole('link', { name: 'Templates' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, leave' }));
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/template'));
  });

  it('saves a template without a title as "Unnamed Template" and returns to the list', async () => {
    const view = renderScreen(<TemplateEditorPage />, {
      path: '/backoffice/template/edit/:templateId?',
      initialEntry: '/backoffice/template/edit',
      user: TEST_USER,
      routes: { 'POST template': { status: 201, body: makeTemplate() } },
    });
    await screen.findByRole('textbox', { name: /Template name/ });
    await userEvent.click(screen.getAllByRole('button', { name: 'Save template' })[0]!);
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/template'));
    const sent = view.fetchMock.callsTo('POST template')[0]!.body as Template;
    expect(sent.title).toMatch(/^Unnamed Template \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(sent.quests[0]!.timeLimit).toBe(1);
  });
});
