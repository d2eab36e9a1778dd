import { expect, test } from '../../fixtures/test';
import { createInterviewJob, videoQuest } from './interview-helpers';

const QUESTS = [
  videoQuest('q1', 'Introduce yourself'),
  videoQuest('q2', 'Tell us about a project'),
  videoQuest('q3', 'Why this job?'),
];

test.describe('the invitation on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('says how many questions, how long, one take and what is needed; the start button is in the first screen', async ({
    page,
    request,
  }) => {
    const { job } = await createInterviewJob(request, {
      title: 'Barista',
      isOneTry: true,
      quests: QUESTS,
    });
    await page.goto(`/interview/${job._id}`);
    const overview = page.getByRole('list', { name: 'About this interview' });
    await expect(overview.getByRole('listitem')).toHaveText([
      '3 questions',
      'Up to 6 minutes',
      'One take per answer',
      "You'll need a camera, a microphone and a quiet place",
    ]);
    // The start button sits at the foot of the phone's screen, in reach without scrolling.
    const start = page.getByRole('button', { name: 'Start interview' });
    const box = await start.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    expect(box!.y).toBeGreaterThan(844 / 2);
    expect(box!.height).toBeGreaterThanOrEqual(44);
  });

  test('?lng=he opens it in Hebrew, right to left, with screen sharing said', async ({
    page,
    request,
  }) => {
    const { job } = await createInterviewJob(request, {
      title: 'Analyst',
      isOneTry: true,
      quests: [
        videoQuest('q1', 'Introduce yourself'),
        {
          ...videoQuest('q2', 'Show us a spreadsheet'),
          ansRule: { ...videoQuest('q2', '').ansRule, isVidAns: false, isScreenAns: true },
        },
      ],
    });
    await page.goto(`/interview/${job._id}?lng=he`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const overview = page.getByRole('list', { name: 'על הראיון' });
    await expect(overview.getByRole('listitem')).toHaveText([
      'שתי שאלות',
      'עד 4 דקות',
      'הקלטה אחת לכל תשובה',
      'צריך מצלמה, מיקרופון, מקום שקט ושיתוף מסך',
    ]);
    await expect(page.getByRole('button', { name: 'התחלת ראיון' })).toBeVisible();
    // The visit stays in Hebrew on the next step, whose address has no ?lng=.
    await page.getByRole('button', { name: 'התחלת ראיון' }).click();
    await expect(page.getByTestId('step-caption')).toContainText('הפרטים שלך');

    // The language menu on a phone is a bottom sheet, like the other phone menus.
    await page.getByRole('button', { name: 'שפה: עברית' }).click();
    const sheet = page.getByTestId('language-sheet');
    await expect(sheet).toBeVisible();
    await sheet.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByTestId('step-caption')).toContainText('Your details');
  });
});

test('on a computer the overview sits under the title, in English', async ({ page, request }) => {
  const { job } = await createInterviewJob(request, { title: 'Designer' });
  await page.goto(`/interview/${job._id}?lng=en`);
  await expect(page.getByRole('list', { name: 'About this interview' })).toContainText(
    '1 question',
  );
  await expect(page.getByRole('list', { name: 'About this interview' })).toContainText(
    'You can record an answer again',
  );
  await expect(page.getByRole('button', { name: 'Start interview' })).toBeVisible();
});
