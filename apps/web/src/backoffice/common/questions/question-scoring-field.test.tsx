import { answerRuleFor, type Question } from '@candid/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { TEST_USER } from '../test/render-screen';
import type { QuestionEditorMode } from './answer-type-menu';
import { QuestionListEditor, type QuestionsFormValues } from './question-list-editor';

function choiceQuestion(overrides: Partial<Question> = {}): Question {
  return {
    id: 'q1',
    txt: 'Do you hold a driving licence?',
    desc: '',
    vidUrl: null,
    ansRule: answerRuleFor('multipleChoice'),
    timeLimit: 1,
    opts: [
      { txt: 'Yes', isCorrect: true },
      { txt: 'No', isCorrect: false },
    ],
    ...overrides,
  };
}

/** The editor on a form whose values the test reads back. */
function renderEditor(
  quests: Question[],
  { mode = 'job', language = 'en' }: { mode?: QuestionEditorMode; language?: 'en' | 'he' } = {},
) {
  const form: { current?: UseFormReturn<QuestionsFormValues> } = {};
  function Harness() {
    const methods = useForm<QuestionsFormValues>({ defaultValues: { quests } });
    form.current = methods;
    return (
      <FormProvider {...methods}>
        <QuestionListEditor
          mode={mode}
          user={TEST_USER}
          createQuestion={() => choiceQuestion({ id: 'new' })}
          libraryLang={language}
        />
      </FormProvider>
    );
  }
  renderWithProviders(<Harness />, { language });
  return () => form.current!.getValues('quests');
}

describe('QuestionScoringField', () => {
  it('makes a choice question knockout with a status a wrong answer sets, and back', async () => {
    const values = renderEditor([choiceQuestion()]);
    const scoring = screen.getByTestId('question-scoring');
    expect(within(scoring).getByRole('radio', { name: 'Not scored' })).toBeChecked();
    expect(within(scoring).getByText(/Candidates never see any of this/)).toBeVisible();
    expect(within(scoring).queryByTestId('knockout-status')).toBeNull();

    await userEvent.click(within(scoring).getByRole('radio', { name: 'Scored' }));
    expect(values()[0]).toMatchObject({ scoring: 'scored' });
    expect(within(scoring).queryByTestId('knockout-status')).toBeNull();

    await userEvent.click(within(scoring).getByRole('radio', { name: 'Knockout' }));
    const status = within(scoring).getByRole('combobox', {
      name: 'Status a wrong answer to question 1 sets',
    });
    // None by default: a knockout only marks the applicant until a status is chosen.
    expect(status).toHaveValue('');
    expect(values()[0]).toMatchObject({ scoring: 'knockout', knockoutStatus: null });
    await userEvent.selectOptions(status, 'Not a fit');
    expect(values()[0]).toMatchObject({ scoring: 'knockout', knockoutStatus: 1 });

    // Back to not scored: neither field is kept.
    await userEvent.click(within(scoring).getByRole('radio', { name: 'Not scored' }));
    expect(values()[0]!.scoring).toBeUndefined();
    expect(values()[0]!.knockoutStatus).toBeUndefined();
  });

  it('warns when no option is marked correct', async () => {
    renderEditor([
      choiceQuestion({
        scoring: 'scored',
        opts: [
          { txt: 'Yes', isCorrect: false },
          { txt: 'No', isCorrect: false },
        ],
      }),
    ]);
    expect(
      screen.getByText('Mark the correct answer, or this question cannot be scored.'),
    ).toBeVisible();
  });

  it('is only on choice questions, and only in a job', () => {
    renderEditor([
      choiceQuestion(),
      { ...choiceQuestion({ id: 'q2' }), ansRule: answerRuleFor('video'), opts: undefined },
    ]);
    expect(screen.getAllByTestId('question-scoring')).toHaveLength(1);
  });

  it('is not in the template editor', () => {
    renderEditor([choiceQuestion()], { mode: 'template' });
    expect(screen.queryByTestId('question-scoring')).toBeNull();
  });

  it('reads in Hebrew', () => {
    renderEditor([choiceQuestion({ scoring: 'knockout', knockoutStatus: 1 })], { language: 'he' });
    const scoring = screen.getByTestId('question-scoring');
    expect(within(scoring).getByRole('radio', { name: 'שאלת סף' })).toBeChecked();
    expect(within(scoring).getByRole('combobox')).toHaveDisplayValue('אין התאמה');
  });
});
