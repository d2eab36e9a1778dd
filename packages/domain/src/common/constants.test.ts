import { describe, expect, it } from 'vitest';
import * as C from './constants';

describe('constants (spec §9, DESIGN §7)', () => {
  it.each([
    ['APPLICANT_PAGE_SIZE', 30],
    ['JOB_PAGE_SIZE', 30],
    ['TEMPLATE_PAGE_SIZE', 30],
    ['ACCOUNT_PAGE_SIZE', 30],
    ['ACTIVITY_PAGE_SIZE', 50],
    ['RECORD_PAGE_SIZE', 50],
    ['LOG_BATCH_QUIET_MS', 500],
    ['LOG_BATCH_MAX_ENTRIES', 10],
    ['JOB_DEFAULT_TIME_LIMIT_MIN', 5],
    ['TEMPLATE_DEFAULT_TIME_LIMIT_MIN', 1],
    ['MIN_TIME_BEFORE_PROCEED_MS', 6000],
    ['ONE_TRY_COUNTDOWN_MS', 10000],
    ['INTERVIEW_START_COUNTDOWN_MS', 4000],
    ['TIMER_TICK_MS', 500],
    ['TIME_WARNING_HALF', 0.5],
    ['TIME_WARNING_ALMOST_DONE', 0.2],
    ['LOW_TIME_RATIO', 0.3],
    ['FACE_SCORE_THRESHOLD', 0.6],
    ['FACE_RETRY_MS', 300],
    ['FACE_MAX_CAPTURE_MS', 5000],
    ['FACE_CROP_PX', 200],
    ['AUDIO_READY_LEVEL', 0.15],
    ['AUDIO_CLIP_LEVEL', 0.85],
    ['AUDIO_CHECK_DELAY_MS', 500],
    ['NETWORK_UNSTABLE_MBPS', 0.06],
    ['SCREEN_MAX_WIDTH', 1280],
    ['SCREEN_MAX_HEIGHT', 1024],
    ['RECORDING_TIMESLICE_MS', 1000],
    ['MEDIA_CHECK_TICKS', 500],
    ['MEDIA_CHECK_TICK_MS', 10],
    ['UPLOAD_CONCURRENCY', 2],
    ['UPLOAD_SINGLE_FILE_TIMEOUT_MS', 60000],
    ['MULTIPART_MIN_PART_BYTES', 5 * 1024 * 1024],
    ['AUTOSAVE_DEBOUNCE_MS', 1500],
    ['FILTER_DEBOUNCE_MS', 200],
    ['SEARCH_DEBOUNCE_MS', 500],
    ['IMAGE_SEARCH_DEBOUNCE_MS', 500],
    ['IMAGE_SEARCH_PAGE_SIZE', 20],
    ['RESEND_EMAIL_LOCK_MS', 5000],
    ['DRAG_ANIMATION_MS', 200],
    ['WARNING_DISPLAY_MS', 2500],
    ['CHUNK_LOAD_TIMEOUT_MS', 120000],
    ['LONG_TEXT_PREVIEW_CHARS', 100],
    ['ERROR_MESSAGE_CLIP_CHARS', 100],
    ['PLAYER_DEFAULT_VOLUME', 100],
    ['PLAYER_DEFAULT_SPEED', 1],
    ['PLAYER_INITIAL_TIME_SEC', 0.1],
    ['PLAYER_BUFFER_CHECK_MS', 1000],
    ['PLAYER_BUFFER_COMPLETE_RATIO', 0.99],
    ['VOLUME_ICON_HIGH', 0.8],
    ['VOLUME_ICON_LOW', 0.1],
    ['RANDOM_ID_LENGTH', 6],
    ['MAX_INITIALS', 3],
    ['AVATAR_DEFAULT_SIZE', 50],
    ['FREE_INTERVIEW_LIMIT', 10],
    ['IMAGE_MAX_BYTES', 200 * 1024],
    ['CV_MAX_BYTES', 5_000_000],
    ['PASSWORD_MIN_LENGTH', 6],
    ['OTP_LENGTH', 6],
    ['TRANSPORT_MAX_RETRIES', 3],
    ['TRANSPORT_RETRY_DELAY_MS', 2000],
    ['PRODUCT_NAME', 'Candid'],
  ] as const)('%s is %s', (name, value) => {
    expect(C[name]).toBe(value);
  });

  it.each([
    [
      'DEFAULT_SORTS',
      {
        applicants: { field: 'timestamp.submitted', order: 'desc' },
        jobs: { field: 'createdAt', order: 'desc' },
        templates: { field: 'createdAt', order: 'asc' },
        accounts: { field: 'fName', order: 'desc' },
        activity: { field: 'date', order: 'asc' },
        records: { field: 'timestamp', order: 'desc' },
      },
    ],
    ['DATE_FILTER_DAYS', [7, 31, 90]],
    ['LOG_LEVELS', ['http', 'debug', 'info', 'warn', 'error']],
    ['QUESTION_TIME_LIMITS_MIN', [1, 2, 5, 10, 20, 30]],
    ['TIME_LIMIT_RANGE_MIN', { min: 1, max: 30 }],
    ['BREAKPOINTS', { sm: 760, md: 1100, lg: 1460 }],
    ['PLAYER_SPEEDS', [0.5, 0.75, 1, 1.25, 1.5, 2]],
    ['TOUCH', { tapTolerance: 10, holdMs: 400, swipe: 30, longTapMs: 400 }],
    ['LANGUAGES', ['en', 'he']],
    ['RTL_LANGUAGES', ['he']],
  ] as const)('%s matches the spec', (name, value) => {
    expect(C[name]).toEqual(value);
  });

  it('offered time limits all fall in the editor range', () => {
    for (const min of C.QUESTION_TIME_LIMITS_MIN) {
      expect(min).toBeGreaterThanOrEqual(C.TIME_LIMIT_RANGE_MIN.min);
      expect(min).toBeLessThanOrEqual(C.TIME_LIMIT_RANGE_MIN.max);
    }
    expect(C.QUESTION_TIME_LIMITS_MIN).toContain(C.JOB_DEFAULT_TIME_LIMIT_MIN);
    expect(C.QUESTION_TIME_LIMITS_MIN).toContain(C.TEMPLATE_DEFAULT_TIME_LIMIT_MIN);
  });
});

/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('AVATAR_COLORS', () => {
  it('has 18 distinct hex colours', () => {
    expect(C.AVATAR_COLORS).toHaveLength(18);
    expect(new Set(C.AVATAR_COLORS.map((c) => c.toLowerCase())).size).toBe(18);
    for (const colour of C.AVATAR_COLORS) expect(colour).toMatch(/^#[0-9A-Fa-f]{6}$/u);
  });

  it.each(C.AVATAR_COLORS.map((c) => [c]))(
    '%s keeps white initials readable (contrast ≥ 4.5)',
    (colour) => {
      const contrast = (1 + 0.05) / (luminance(colour) + 0.05);
      expect(contrast).toBeGreaterThanOrEqual(4.5);
    },
  );
});
