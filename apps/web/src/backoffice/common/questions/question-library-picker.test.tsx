import { QUESTION_BANK, answerRuleFor, type Question, type SavedQuestion } from '@candid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../common/api/api-client';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { TEST_USER } from '../test/render-screen';
import { QuestionListEditor, type QuestionsFormValues } from './question-list-editor';

const FIRST: Question = {
  id: 'q1',
  txt: 'Introduce yourself',
  desc: '',
  vidUrl: null,
  ansRule: answerRuleFor('video'),
  timeLimit: 5,
};

const SAVED: SavedQuestion = {
  _id: '00000000-0000-4000-8000-000000000001',
  txt: 'How would you calm a queue of forklift drivers?',
  desc: '<p>Our own</p>',
  ansRule: answerRuleFor('text'),
  timeLimit: 7,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** An API with the organisation's library in memory: list (with `q`), save and delete. */
function fakeLibraryApi(saved: SavedQuestion[] = [SAVED]) {
  const store = [...saved];
  const posted: unknown[] = [];
  const get = vi.fn(async (path: string, options?: { params?: { q?: string } }) => {
    if (path !== 'question-library') throw Object.assign(new Error(path), { status: 404 });
    const q = options?.params?.q?.toLowerCase() ?? '';
    return { questions: store.filter((item) => item.txt.toLowerCase().includes(q)) };
  });
  const post = vi.fn(async (_path: string, body: Record<string, unknown>) => {
    posted.push(body);
    const row = {
      ...(body as Omit<SavedQuestion, '_id' | 'createdAt'>),
      _id: crypto.randomUUID(),
      createdAt: SAVED.createdAt,
    };
    store.unshift(row as SavedQuestion);
    return row;
  });
  const del = vi.fn(async (path: string) => {
    const id = path.split('/').pop();
    store.splice(
      store.findIndex((item) => item._id === id),
      1,
    );
    return {};
  });
  const api = { request: get, get, post, put: post, delete: del } as unknown as ApiClient;
  return { api, posted, del };
}

function renderEditor(api: ApiClient, language: 'en' | 'he' = 'en') {
  const form: { current?: UseFormReturn<QuestionsFormValues> } = {};
  function Harness() {
    const methods = useForm<QuestionsFormValues>({ defaultValues: { quests: [FIRST] } });
    form.current = methods;
    return (
      <FormProvider {...methods}>
        <QuestionListEditor
          mode="job"
          user={TEST_USER}
          createQuestion={() => ({ ...FIRST, id: 'new', txt: '' })}
          libraryLang={language}
        />
      </FormProvider>
    );
  }
  renderWithProviders(<Harness />, { language, api });
  return () => form.current!.getValues('quests');
}

const rowsIn = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByTestId('library-question')
    .map((row) => row.textContent ?? '');

describe('QuestionLibraryPicker', () => {
  it('searches the bank, filters by category and adds the checked questions with new ids', async () => {
    const user = userEvent.setup();
    const values = renderEditor(fakeLibraryApi().api);
    await user.click(screen.getByRole('button', { name: 'Add from library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Question library' });
    expect(rowsIn(dialog)).toHaveLength(QUESTION_BANK.length);
    // The search field has the focus: typing filters at once.
    await user.keyboard('deal');
    expect(rowsIn(dialog).length).toBeGreaterThan(0);
    expect(rowsIn(dialog).every((text) => /deal/i.test(text))).toBe(true);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Search questions' }));
    await user.click(within(dialog).getByRole('tab', { name: 'Engineering' }));
    const engineering = QUESTION_BANK.filter((item) => item.category === 'engineering');
    expect(rowsIn(dialog)).toHaveLength(engineering.length);
    const code = engineering.find((item) => item.answerType === 'code')!;
    const teamwork = QUESTION_BANK.find((item) => item.category === 'teamwork')!;

    await user.click(within(dialog).getByRole('checkbox', { name: code.txt.en }));
    // A choice survives moving to another tab.
    await user.click(within(dialog).getByRole('tab', { name: 'Teamwork' }));
    await user.click(within(dialog).getByRole('checkbox', { name: teamwork.txt.en }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 questions' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const quests = values();
    expect(quests.map((quest) => quest.txt)).toEqual([FIRST.txt, code.txt.en, teamwork.txt.en]);
    expect(quests[1]).toMatchObject({ ansRule: answerRuleFor('code'), timeLimit: code.timeLimit });
    expect(new Set(quests.map((quest) => quest.id)).size).toBe(3);
    expect(quests[1]!.id).not.toBe(code.id);
    expect(screen.getAllByTestId('question-card')).toHaveLength(3);
  });

  it('shows the bank in Hebrew for a Hebrew job, right to left', async () => {
    const user = userEvent.setup();
    renderEditor(fakeLibraryApi().api, 'he');
    await user.click(screen.getByRole('button', { name: 'הוספה מהמאגר' }));
    const dialog = await screen.findByRole('dialog', { name: 'מאגר שאלות' });
    await user.click(within(dialog).getByRole('tab', { name: 'מכירות' }));
    const sales = QUESTION_BANK.filter((item) => item.category === 'sales');
    expect(rowsIn(dialog).map((text) => sales.some((item) => text.includes(item.txt.he)))).toEqual(
      sales.map(() => true),
    );
    expect(dialog.closest('[dir]')?.getAttribute('dir') ?? document.dir).toBe('rtl');
  });

  it('lists, searches, adds and deletes the organisation’s saved questions under "Our questions"', async () => {
    const user = userEvent.setup();
    const library = fakeLibraryApi([
      SAVED,
      { ...SAVED, _id: '00000000-0000-4000-8000-000000000002', txt: 'Another saved one' },
    ]);
    const values = renderEditor(library.api);
    await user.click(screen.getByRole('button', { name: 'Add from library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Question library' });
    await user.click(within(dialog).getByRole('tab', { name: 'Our questions' }));
    await waitFor(() => expect(rowsIn(dialog)).toHaveLength(2));

    await user.type(within(dialog).getByRole('textbox', { name: 'Search questions' }), 'forklift');
    await waitFor(() => expect(rowsIn(dialog)).toHaveLength(1));
    expect(library.api.get).toHaveBeenLastCalledWith(
      'question-library',
      expect.objectContaining({ params: { q: 'forklift' } }),
    );
    await user.click(within(dialog).getByRole('checkbox', { name: SAVED.txt }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 question' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(values()[1]).toMatchObject({ txt: SAVED.txt, desc: SAVED.desc, timeLimit: 7 });
    expect(values()[1]!.id).not.toBe(SAVED._id);

    await user.click(screen.getByRole('button', { name: 'Add from library' }));
    const again = await screen.findByRole('dialog', { name: 'Question library' });
    await user.click(within(again).getByRole('tab', { name: 'Our questions' }));
    await user.click(
      await within(again).findByRole('button', {
        name: 'Delete "Another saved one" from the library',
      }),
    );
    expect(library.del).toHaveBeenCalledWith(
      'question-library/00000000-0000-4000-8000-000000000002',
    );
    await waitFor(() => expect(rowsIn(again)).toEqual([expect.stringContaining(SAVED.txt)]));
  });

  it('saves a question of the editor to the library without its id', async () => {
    const user = userEvent.setup();
    const library = fakeLibraryApi([]);
    renderEditor(library.api);
    await user.click(screen.getByRole('button', { name: 'Save question 1 to the library' }));
    await waitFor(() => expect(library.posted).toHaveLength(1));
    expect(library.posted[0]).toEqual({
      txt: FIRST.txt,
      desc: '',
      ansRule: FIRST.ansRule,
      timeLimit: FIRST.timeLimit,
    });
    await user.click(screen.getByRole('button', { name: 'Add from library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Question library' });
    await user.click(within(dialog).getByRole('tab', { name: 'Our questions' }));
    await waitFor(() => expect(rowsIn(dialog)).toEqual([expect.stringContaining(FIRST.txt)]));
  });
});
