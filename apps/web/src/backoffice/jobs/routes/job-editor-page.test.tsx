import { AUTOSAVE_DEBOUNCE_MS, type Job, type JobDraft } from '@candid/domain';
import type { Editor } from '@tiptap/react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, renderScreen, TEST_USER, type FetchCall } from '../../common/test/render-screen';
import JobEditorPage from './job-editor-page';

const OWNER = { _id: 'u1', fName: 'Dana', lName: 'Levi', email: 'dana@example.com' };

/** What the server answers for a saved job: the draft with id, owner and date. */
function savedJob(draft: JobDraft, id = 'job-1'): Job {
  return {
    ...draft,
    _id: draft._id ?? id,
    owner: OWNER as Job['owner'],
    createdAt: '2024-05-01T10:00:00.000Z',
    applicants: [],
    applicantSummary: { avatars: [], applicantCount: 0, newCount: 0, toReviewCount: 0 },
    archivedAt: null,
  };
}

const createRoute = (call: FetchCall) => ({
  status: 201,
  body: savedJob((call.body as { job: JobDraft }).job),
});
const updateRoute = (call: FetchCall) => ({
  body: { jobs: (call.body as { jobs: JobDraft[] }).jobs.map((job) => savedJob(job)) },
});

function renderEditor(routes = {}, user = TEST_USER, language: 'en' | 'he' = 'en') {
  return renderScreen(<JobEditorPage />, {
    path: '/create/:jobId?',
    initialEntry: '/create',
    user,
    language,
    routes: { 'POST job': createRoute, 'PUT job': updateRoute, ...routes },
  });
}

async function waitForDebounce() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
  });
}

/** Unfolds one of the editor's "More settings" sections. */
async function openSettings(title: string) {
  fireEvent.click(await screen.findByRole('button', { name: title }));
}

function typeInto(label: string, value: string) {
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
}

describe('JobEditorPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('autosaves 1.5 s after the last change: creates, moves to /create/{id}, then updates', async () => {
    const view = renderEditor();
    await screen.findByRole('textbox', { name: /Job title/ });
    typeInto('Job title', 'Frontend');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS - 100);
    });
    typeInto('Job title', 'Frontend engineer');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS - 100);
    });
    expect(view.fetchMock.callsTo('POST job')).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    await waitFor(() => expect(view.currentUrl()).toBe('/create/job-1'));
    const created = view.fetchMock.callsTo('POST job');
    expect(created).toHaveLength(1);
    expect((created[0]!.body as { job: JobDraft }).job.info.title).toBe('Frontend engineer');
    expect(await screen.findByText('Saved')).toBeVisible();

    typeInto('Location', 'Haifa');
    await waitForDebounce();
    await waitFor(() => expect(view.fetchMock.callsTo('PUT job')).toHaveLength(1));
    const updated = view.fetchMock.callsTo('PUT job')[0]!.body as { jobs: JobDraft[] };
    expect(updated.jobs[0]).toMatchObject({ _id: 'job-1', info: { location: 'Haifa' } });
    expect(view.fetchMock.callsTo('POST job')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
  });

  it("prefills a new job's company from the profile, and reloads the profile when a saved job's company changes", async () => {
    const view = renderEditor({}, { ...TEST_USER, companyName: 'Acme Ltd' });
    const company = await screen.findByRole('textbox', { name: /Company name/ });
    expect(company).toHaveValue('Acme Ltd');
    const sessionLoads = () => view.fetchMock.callsTo('GET user/logged').length;

    typeInto('Job title', 'Frontend');
    await waitForDebounce();
    await waitFor(() => expect(view.currentUrl()).toBe('/create/job-1'));
    // The first save may have set the profile's company: the session is read again.
    await waitFor(() => expect(sessionLoads()).toBe(2));

    typeInto('Location', 'Haifa');
    await waitForDebounce();
    await waitFor(() => expect(view.fetchMock.callsTo('PUT job')).toHaveLength(1));
    expect(sessionLoads()).toBe(2);

    typeInto('Company name', 'Acme Group');
    await waitForDebounce();
    await waitFor(() => expect(view.fetchMock.callsTo('PUT job')).toHaveLength(2));
    await waitFor(() => expect(sessionLoads()).toBe(3));
  });

  it('saves a closing date picked in local time as an instant, and refuses a past one', async () => {
    const view = renderEditor();
    await openSettings('Interview settings');
    const field = await screen.findByTestId('closing-date');
    fireEvent.change(field, { target: { value: '2999-03-04T17:30' } });
    await waitForDebounce();
    await waitFor(() => expect(view.fetchMock.callsTo('POST job')).toHaveLength(1));
    const created = view.fetchMock.callsTo('POST job')[0]!.body as { job: JobDraft };
    expect(created.job.closesAt).toBe(new Date('2999-03-04T17:30').toISOString());

    fireEvent.change(field, { target: { value: '2001-03-04T17:30' } });
    expect(await screen.findByText('The closing date must be in the future')).toBeVisible();
  });

  it('saves what each status shows on the candidate status page', async () => {
    const view = renderEditor();
    const stages = await screen.findByTestId('status-stages');
    expect(within(stages).getByLabelText('Hired')).toHaveValue('decisionShown');
    expect(within(stages).getByLabelText('Not a fit')).toHaveValue('decision');
    fireEvent.change(within(stages).getByLabelText('Hired'), { target: { value: 'decision' } });
    await waitForDebounce();
    await waitFor(() => expect(view.fetchMock.callsTo('POST job')).toHaveLength(1));
    const created = view.fetchMock.callsTo('POST job')[0]!.body as { job: JobDraft };
    expect(created.job.statusStages).toMatchObject({ 0: 'received', 7: 'decision' });
  });

  it('edits the scorecard: renames, adds, moves and removes criteria, and saves them', async () => {
    const view = renderEditor();
    await openSettings('Scorecard');
    const field = await screen.findByTestId('scorecard-field');
    const labels = () =>
      within(field)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value);
    expect(labels()).toEqual(['Overall']);
    // One criterion: nothing to move or remove.
    expect(within(field).queryByRole('button', { name: /Remove/ })).toBeNull();
    fireEvent.change(within(field).getByRole('textbox', { name: 'Criterion 1' }), {
      target: { value: 'Communication' },
    });
    fireEvent.click(within(field).getByRole('button', { name: 'Add criterion' }));
    expect(labels()).toEqual(['Communication', 'Criterion 2']);
    fireEvent.change(within(field).getByRole('textbox', { name: 'Criterion 2' }), {
      target: { value: 'Technical skills' },
    });
    fireEvent.click(within(field).getByRole('button', { name: 'Move “Technical skills” up' }));
    expect(labels()).toEqual(['Technical skills', 'Communication']);
    fireEvent.click(within(field).getByRole('button', { name: 'Add criterion' }));
    fireEvent.click(within(field).getByRole('button', { name: 'Remove “Communication”' }));
    expect(labels()).toEqual(['Technical skills', 'Criterion 3']);
    // A label cleared and left becomes its fallback.
    const second = within(field).getByRole('textbox', { name: 'Criterion 2' });
    fireEvent.change(second, { target: { value: '  ' } });
    fireEvent.blur(second);
    expect(labels()).toEqual(['Technical skills', 'Criterion 2']);
    await waitForDebounce();
    await waitFor(() => expect(view.fetchMock.callsTo('POST job')).toHaveLength(1));
    const created = view.fetchMock.callsTo('POST job')[0]!.body as { job: JobDraft };
    expect(created.job.scorecard.map((criterion) => criterion.label)).toEqual([
      'Technical skills',
      'Criterion 2',
    ]);
    expect(new Set(created.job.scorecard.map((criterion) => criterion.id)).size).toBe(2);
  });

  it('keeps one overall rating without CUSTOM_SCORECARD and says which plan has more', async () => {
    renderEditor({}, { ...TEST_USER, perm: 1 });
    await openSettings('Scorecard');
    const field = await screen.findByTestId('scorecard-field');
    expect(within(field).queryByRole('button', { name: 'Add criterion' })).toBeNull();
    expect(within(field).getByTestId('scorecard-locked')).toHaveTextContent(
      'Several criteria come with the Professional plan',
    );
    // The one criterion can still be renamed.
    expect(within(field).getByRole('textbox', { name: 'Criterion 1' })).toBeEnabled();
  });

  it('puts the job in a department with the permission, and shows no field without', async () => {
    const view = renderEditor({
      'GET department': { body: { departments: [{ _id: 'd1', name: 'Design', jobCount: 0 }] } },
    });
    await screen.findByRole('textbox', { name: /Job title/ });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('combobox', { name: 'Department' }));
    await user.click(await screen.findByRole('option', { name: 'Design' }));
    await waitForDebounce();
    await waitFor(() => expect(view.fetchMock.callsTo('POST job')).toHaveLength(1));
    const created = view.fetchMock.callsTo('POST job')[0]!.body as { job: JobDraft };
    expect(created.job.departmentId).toBe('d1');
    view.unmount();

    const starter = renderEditor({}, { ...TEST_USER, perm: 0 });
    await screen.findByRole('textbox', { name: /Job title/ });
    expect(screen.queryByRole('combobox', { name: 'Department' })).toBeNull();
    expect(starter.fetchMock.calls.some((call) => call.path.startsWith('department'))).toBe(false);
  });

  it('autosaves the rich-text description as HTML', async () => {
    const view = renderEditor();
    // The job's description comes first; each question has its own below.
    const [box] = await screen.findAllByRole('textbox', { name: 'Description' });
    const editor = (box as HTMLElement & { editor: Editor }).editor;
    act(() => {
      editor.commands.focus('end');
      editor.commands.insertContent('We build ');
      editor.commands.toggleBold();
      editor.commands.insertContent('video');
    });
    await waitForDebounce();
    await waitFor(() => expect(view.fetchMock.callsTo('POST job')).toHaveLength(1));
    const created = view.fetchMock.callsTo('POST job')[0]!.body as { job: JobDraft };
    expect(created.job.info.desc).toBe('<p>We build <strong>video</strong></p>');
  });

  it.each([
    [
      'en',
      'Description',
      'Show the description to candidates',
      'What is missing',
      'Description is required',
    ],
    ['he', 'תיאור', 'הצגת התיאור למועמדים', 'מה חסר', 'תיאור – שדה חובה'],
  ] as const)(
    'requires the description while it is shown to candidates (%s)',
    async (language, label, switchLabel, listName, missing) => {
      const view = renderEditor({}, TEST_USER, language);
      const [box] = await screen.findAllByRole('textbox', { name: label });
      const editor = (box as HTMLElement & { editor: Editor }).editor;
      const shown = screen.getByRole('switch', { name: new RegExp(`^${switchLabel}`) });
      expect(shown).not.toBeChecked();
      // Writing a description turns showing it on.
      act(() => {
        editor.commands.focus('end');
        editor.commands.insertContent('About us');
      });
      expect(shown).toBeChecked();
      await waitForDebounce();
      await waitFor(() => expect(view.fetchMock.callsTo('POST job')).toHaveLength(1));
      const created = view.fetchMock.callsTo('POST job')[0]!.body as { job: JobDraft };
      expect(created.job.info).toMatchObject({ desc: '<p>About us</p>', isDescShown: true });

      // Emptied while shown: missing, named above the form and under the field; nothing saved.
      act(() => {
        editor.commands.clearContent(true);
      });
      await waitForDebounce();
      const issues = await screen.findByRole('list', { name: listName });
      const link = within(issues).getByRole('button', { name: missing });
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(view.fetchMock.callsTo('PUT job')).toHaveLength(0);
      fireEvent.click(link);
      await waitFor(() => expect(box).toHaveFocus());

      // Not shown: nothing is missing, and the job saves.
      fireEvent.click(shown);
      await waitForDebounce();
      await waitFor(() => expect(view.fetchMock.callsTo('PUT job')).toHaveLength(1));
      const updated = view.fetchMock.callsTo('PUT job')[0]!.body as { jobs: JobDraft[] };
      expect(updated.jobs[0]!.info).toMatchObject({ desc: '', isDescShown: false });
      expect(screen.queryByRole('list', { name: listName })).toBeNull();
    },
  );

  it('shows "Required fields missing" and saves nothing while a required field is empty', async () => {
    const view = renderEditor();
    await screen.findByRole('textbox', { name: /Company name/ });
    expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();
    typeInto('Company name', '');
    await waitForDebounce();
    expect(await screen.findByText('Required fields missing')).toBeVisible();
    expect(view.fetchMock.callsTo('POST job')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();
  });

  it('names each missing field above the form and takes the user to it', async () => {
    renderEditor();
    await screen.findByRole('textbox', { name: /Company name/ });
    typeInto('Company name', '');
    typeInto('Question 1 text', '');
    await waitForDebounce();
    const issues = await screen.findByRole('list', { name: 'What is missing' });
    const links = within(issues).getAllByRole('button');
    expect(links.map((link) => link.textContent)).toEqual([
      'Company name is required',
      'Question 1 text is required',
    ]);
    fireEvent.click(links[0]!);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Company name/ })).toHaveFocus(),
    );
    fireEvent.click(links[1]!);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Question 1 text' })).toHaveFocus(),
    );
  });

  it('keeps the essentials open, folds the other settings and previews a saved job as a candidate', async () => {
    const view = renderEditor();
    await screen.findByRole('textbox', { name: /Job title/ });
    expect(screen.getByRole('textbox', { name: /Company name/ })).toBeVisible();
    expect(screen.queryByRole('switch', { name: /Require a CV/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Interview settings' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // Not saved yet: nothing to preview.
    expect(screen.queryByRole('link', { name: 'Preview as candidate' })).toBeNull();
    typeInto('Job title', 'Engineer');
    await waitForDebounce();
    await waitFor(() => expect(view.fetchMock.callsTo('POST job')).toHaveLength(1));
    expect(await screen.findByRole('link', { name: 'Preview as candidate' })).toHaveAttribute(
      'href',
      '/interview/job-1?demo=1',
    );
  });

  it('shows each field its error when a save finds them, and clears one as it is corrected', async () => {
    const view = renderEditor();
    await screen.findByRole('textbox', { name: /Company name/ });
    typeInto('Company name', '');
    typeInto('Question 1 text', '');
    await waitForDebounce();
    expect(await screen.findByText('Required fields missing')).toBeVisible();
    const company = screen.getByRole('textbox', { name: /Company name/ });
    const question = screen.getByRole('textbox', { name: 'Question 1 text' });
    // The focus stays where the user is: an autosave is not a submit button.
    expect(document.activeElement).not.toBe(company);
    await waitFor(() => expect(company).toHaveAttribute('aria-invalid', 'true'));
    expect(question).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('This field is required')).toHaveLength(2);

    typeInto('Company name', 'A');
    await waitFor(() => expect(company).not.toHaveAttribute('aria-invalid', 'true'));
    expect(question).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    expect(view.fetchMock.callsTo('POST job')).toHaveLength(0);

    typeInto('Question 1 text', 'Tell us about you');
    await waitFor(() => expect(question).not.toHaveAttribute('aria-invalid', 'true'));
    await waitForDebounce();
    await waitFor(() => expect(view.fetchMock.callsTo('POST job')).toHaveLength(1));
    const created = view.fetchMock.callsTo('POST job')[0]!.body as { job: JobDraft };
    expect(created.job).toMatchObject({
      company: { name: 'A' },
      quests: [{ txt: 'Tell us about you' }],
    });
  });

  it('puts the previous state back and shows the failure alert when a save fails', async () => {
    renderEditor({ 'POST job': apiError(500, 'INTERNAL_ERR') });
    await screen.findByRole('textbox', { name: /Job title/ });
    typeInto('Job title', 'Designer');
    await waitForDebounce();
    expect(await screen.findByText('Could not save the job')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Job title/ })).toHaveValue('Untitled job');
  });

  it('undoes and redoes the last job update with Ctrl+Z and Shift+Ctrl+Z, not inside a field', async () => {
    const view = renderEditor();
    await screen.findByRole('textbox', { name: /Job title/ });
    typeInto('Job title', 'Frontend');
    await waitForDebounce();
    await waitFor(() => expect(view.currentUrl()).toBe('/create/job-1'));
    typeInto('Location', 'Haifa');
    await waitForDebounce();
    await waitFor(() => expect(view.fetchMock.callsTo('PUT job')).toHaveLength(1));
    await screen.findByText('Saved');

    // Inside a text field the browser's own undo applies.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Location' }), {
      key: 'z',
      ctrlKey: true,
    });
    expect(screen.getByRole('textbox', { name: 'Location' })).toHaveValue('Haifa');

    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(screen.getByRole('textbox', { name: 'Location' })).toHaveValue('');
    await waitForDebounce();
    await waitFor(() => expect(view.fetchMock.callsTo('PUT job')).toHaveLength(2));
    const undone = view.fetchMock.callsTo('PUT job')[1]!.body as { jobs: JobDraft[] };
    expect(undone.jobs[0]).toMatchObject({
      _id: 'job-1',
      info: { location: '', title: 'Frontend' },
    });
    await screen.findByText('Saved');

    fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(screen.getByRole('textbox', { name: 'Location' })).toHaveValue('Haifa');
    await waitForDebounce();
    await waitFor(() => expect(view.fetchMock.callsTo('PUT job')).toHaveLength(3));
    // Undo and redo are saved, not recorded as new updates: the first creation stays undoable.
    expect(view.fetchMock.callsTo('POST job')).toHaveLength(1);
  });

  it('sets a thinking time on a recorded question of a retake job', async () => {
    const view = renderEditor();
    await screen.findByRole('textbox', { name: /Company name/ });
    typeInto('Company name', 'Acme');
    // One try: the 10 s countdown plays that part, so no thinking time is offered.
    expect(screen.queryByRole('button', { name: /Thinking time of question 1/ })).toBeNull();
    await openSettings('Interview settings');
    fireEvent.click(await screen.findByRole('switch', { name: /One try per question/ }));
    const menu = await screen.findByRole('button', { name: 'Thinking time of question 1: Off' });
    fireEvent.click(menu);
    fireEvent.click(await screen.findByRole('menuitem', { name: '30 seconds' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Thinking time of question 1/ })).toHaveTextContent(
        '30 seconds',
      ),
    );
    await waitForDebounce();
    await waitFor(() => expect(view.fetchMock.callsTo('POST job')).toHaveLength(1));
    const created = view.fetchMock.callsTo('POST job')[0]!.body as { job: JobDraft };
    expect(created.job.quests[0]).toMatchObject({ thinkTimeSec: 30 });
    expect(created.job.rule.isOneTry).toBe(false);
  });

  it('offers screen recording only with one try, and flags a screen question on multiple tries', async () => {
    renderEditor();
    await screen.findByRole('textbox', { name: /Job title/ });
    fireEvent.click(screen.getByRole('button', { name: /Answer type of question 1/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Screen recording' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Answer type of question 1/ })).toHaveTextContent(
        'Screen recording',
      ),
    );

    await openSettings('Interview settings');
    fireEvent.click(await screen.findByRole('switch', { name: /One try per question/ }));
    // The error shows when the autosave validates the job.
    await waitForDebounce();
    const card = screen.getByTestId('question-card');
    expect(
      await within(card).findByText('This answer type is not available on multiple tries'),
    ).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: /Answer type of question 1/ }));
    const screenItem = await screen.findByRole('menuitem', { name: 'Screen recording' });
    expect(screenItem).toBeDisabled();
  });

  it('disables the answer types the plan does not permit', async () => {
    renderEditor({}, { ...TEST_USER, perm: 0 });
    await screen.findByRole('textbox', { name: /Job title/ });
    fireEvent.click(screen.getByRole('button', { name: /Answer type of question 1/ }));
    expect(await screen.findByRole('menuitem', { name: 'Video' })).toBeEnabled();
    for (const name of ['Screen recording', 'Text', 'Image', 'Code', 'Multiple choice']) {
      expect(screen.getByRole('menuitem', { name })).toBeDisabled();
    }
  });

  it('offers remove only while there is more than one question', async () => {
    renderEditor();
    await screen.findByRole('textbox', { name: /Job title/ });
    expect(screen.queryByRole('button', { name: 'Remove question 1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(await screen.findByRole('button', { name: 'Remove question 2' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Remove question/ })).toBeNull(),
    );
    expect(screen.getAllByTestId('question-card')).toHaveLength(1);
  });
});
