import type { ApplicantListItem } from '@candid/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { ApplicantDate } from './applicant-row-parts';

const BASE: ApplicantListItem = {
  id: 'a1',
  info: {
    fName: 'Dana',
    lName: 'Levi',
    email: 'd@example.com',
    phone: '',
    hometown: '',
    imgUrl: null,
  },
  jobInfo: { title: 'Support lead', jobId: 'j1' },
  status: 0,
  timestamp: { sent: null, opened: null, submitted: null, quited: null },
  isRead: false,
  isFree: true,
  isLocked: false,
  archivedAt: null,
  incomplete: false,
  started: false,
  rating: { avg: null, count: 0 },
  score: null,
  knockedOut: false,
};

const SENT = '2026-05-01T10:00:00.000Z';
const OPENED = '2026-05-02T10:00:00.000Z';

function stageOf(patch: Partial<ApplicantListItem>, language: 'en' | 'he' = 'en') {
  const view = renderWithProviders(
    <ApplicantDate
      applicant={{ ...BASE, ...patch, timestamp: { ...BASE.timestamp, ...patch.timestamp } }}
    />,
    { language },
  );
  const badge = view.container.querySelector('.mantine-Badge-root')?.textContent ?? null;
  view.unmount();
  return badge;
}

describe('ApplicantDate (invited, opened, started, submitted)', () => {
  it('marks each stage of an invitation before the submit', () => {
    expect(stageOf({ timestamp: { ...BASE.timestamp, sent: SENT } })).toBe('Invited');
    expect(stageOf({ timestamp: { ...BASE.timestamp, sent: SENT, opened: OPENED } })).toBe(
      'Opened',
    );
    expect(
      stageOf({ started: true, timestamp: { ...BASE.timestamp, sent: SENT, opened: OPENED } }),
    ).toBe('Started');
    expect(
      stageOf({
        started: true,
        timestamp: { ...BASE.timestamp, sent: SENT, opened: OPENED, submitted: OPENED },
      }),
    ).toBeNull();
    expect(
      stageOf(
        { started: true, timestamp: { ...BASE.timestamp, sent: SENT, opened: OPENED } },
        'he',
      ),
    ).toBe('התחיל');
  });

  it('gives a walk-in candidate no "Opened" badge (everyone opened the link), only "Started"', () => {
    expect(stageOf({ timestamp: { ...BASE.timestamp, opened: OPENED } })).toBeNull();
    expect(stageOf({ started: true, timestamp: { ...BASE.timestamp, opened: OPENED } })).toBe(
      'Started',
    );
  });

  it('names the stage and date for screen readers', () => {
    renderWithProviders(
      <ApplicantDate
        applicant={{ ...BASE, started: true, timestamp: { ...BASE.timestamp, opened: OPENED } }}
      />,
    );
    expect(screen.getByText(/^Started \S+/)).toBeInTheDocument();
  });
});
