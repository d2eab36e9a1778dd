/**
 * Business constants and limits. Every number carries its unit in
 * its name so a reader never has to guess whether a value is seconds or milliseconds.
 */

/** Product name, used in page titles. */
export const PRODUCT_NAME = 'Candid';

/**
 * The app's one accent colour as the web shows it on filled controls (Mantine's indigo at the
 * shade whose white label reads at 4.5:1): e-mails use it for their buttons and links, so a
 * message looks like the app it comes from. The web's theme test holds the two equal.
 */
export const PRIMARY_COLOR = '#4263eb';

// ---------------------------------------------------------------------------
// Lists and paging (accounts page like the other recruiter lists)
// ---------------------------------------------------------------------------

export const APPLICANT_PAGE_SIZE = 30;
export const JOB_PAGE_SIZE = 30;
export const TEMPLATE_PAGE_SIZE = 30;
export const ACCOUNT_PAGE_SIZE = 30;
export const ACTIVITY_PAGE_SIZE = 50;
export const RECORD_PAGE_SIZE = 50;
/**
 * Counts of the applicant and job lists stop here: past it the list answers this number with
 * its `…Capped` flag set and the UI shows "10,000+", so a count never needs a scan of more
 * than this many index entries however large the organisation grows.
 */
export const LIST_COUNT_CAP = 10_000;
/**
 * The count of a text search (applicants and jobs) stops sooner ("200+"): the server finds a
 * word's applicant matches by testing the newest SEARCH_WALK_ROWS entries of the list index,
 * and a word met that often there (1 in 50) is counted from them alone; a rarer one is counted
 * from the trigram index, whose cost grows with the word's matches (so does a job search's,
 * each match rechecked). A higher cap would make both walks longer.
 */
export const SEARCH_COUNT_CAP = 200;
/**
 * How many of the newest list entries a text search tests before it turns to the trigram
 * index: a constant cost (index-only, about 2 ms on the development machine) whatever the
 * organisation's size. 50 × SEARCH_COUNT_CAP, so a word dense enough to reach the cap there
 * needs no other reading (the server walks 2.5 times as far for a word its first 2,000
 * entries met often enough to expect the cap there), and a rarer one has at most about 1 in
 * 77 of the table to collect.
 */
export const SEARCH_WALK_ROWS = 10_000;
/** Upper bound for a client-chosen itemsPerPage, so one request cannot ask for the whole table. */
export const MAX_PAGE_SIZE = 100;

export type SortOrder = 'asc' | 'desc';
export interface SortSpec {
  /** Dotted wire path of the field sorted on, e.g. `timestamp.submitted`. */
  readonly field: string;
  readonly order: SortOrder;
}

/** Default sort of every list. */
export const DEFAULT_SORTS = {
  applicants: { field: 'timestamp.submitted', order: 'desc' },
  jobs: { field: 'createdAt', order: 'desc' },
  templates: { field: 'createdAt', order: 'asc' },
  accounts: { field: 'fName', order: 'desc' },
  activity: { field: 'date', order: 'asc' },
  records: { field: 'timestamp', order: 'desc' },
} as const satisfies Record<string, SortSpec>;

/** Date filter choices: last week, last month, last 3 months. */
export const DATE_FILTER_DAYS = [7, 31, 90] as const;
export type DateFilterDays = (typeof DATE_FILTER_DAYS)[number];

// ---------------------------------------------------------------------------
// Logging
// ---------------------------------------------------------------------------

/** Log levels a record may carry (server and client). */
export const LOG_LEVELS = ['http', 'debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** The web app's log batch goes out after this long without a new entry… */
export const LOG_BATCH_QUIET_MS = 500;
/** …or at once when more entries than this wait. */
export const LOG_BATCH_MAX_ENTRIES = 10;

// ---------------------------------------------------------------------------
// Questions
// ---------------------------------------------------------------------------

export const QUESTION_TIME_LIMITS_MIN = [1, 2, 5, 10, 20, 30] as const;
export const TIME_LIMIT_RANGE_MIN = { min: 1, max: 30 } as const;
export const JOB_DEFAULT_TIME_LIMIT_MIN = 5;
export const TEMPLATE_DEFAULT_TIME_LIMIT_MIN = 1;
/**
 * Optional thinking time per question (peers call it think time): how long the
 * candidate may read before the first take starts by itself. Off by default; these are the
 * editor's choices, and the server accepts any whole second count up to the maximum.
 */
export const THINK_TIME_OPTIONS_SEC = [15, 30, 60, 120, 180] as const;
export const THINK_TIME_MAX_SEC = 600;

// ---------------------------------------------------------------------------
// Interview timers
// ---------------------------------------------------------------------------

export const MIN_TIME_BEFORE_PROCEED_MS = 6000;
export const ONE_TRY_COUNTDOWN_MS = 10_000;
export const INTERVIEW_START_COUNTDOWN_MS = 4000;
/** The practice question's answer limit: long enough to hear and see oneself. */
export const PRACTICE_ANSWER_LIMIT_SEC = 30;
export const TIMER_TICK_MS = 500;
/** Share of the time limit elapsed at which the "halfway" warning shows. */
export const TIME_WARNING_HALF = 0.5;
/** Share of the time limit left at which the "almost done" warning (and beep) starts. */
export const TIME_WARNING_ALMOST_DONE = 0.2;
/** Share of the time limit left under which the timer is styled as low. */
export const LOW_TIME_RATIO = 0.3;

// ---------------------------------------------------------------------------
// Media checks
// ---------------------------------------------------------------------------

export const FACE_SCORE_THRESHOLD = 0.6;
export const FACE_RETRY_MS = 300;
export const FACE_MAX_CAPTURE_MS = 5000;
export const FACE_CROP_PX = 200;
/** Peak input level (0–1) above which the microphone counts as hearing the candidate. */
export const AUDIO_READY_LEVEL = 0.15;
/**
 * Peak input level (0–1) at or above which the sound is likely clipped (distorted): the check
 * flags it without blocking. Like the ready level, measured only after AUDIO_CHECK_DELAY_MS.
 */
export const AUDIO_CLIP_LEVEL = 0.85;
export const AUDIO_CHECK_DELAY_MS = 500;
/** Measured throughput below this is an unstable connection. */
export const NETWORK_UNSTABLE_MBPS = 0.06;
export const SCREEN_MAX_WIDTH = 1280;
export const SCREEN_MAX_HEIGHT = 1024;
export const RECORDING_TIMESLICE_MS = 1000;
/** The sample recording of the media check: 500 ticks of 10 ms (about 5 seconds). */
export const MEDIA_CHECK_TICKS = 500;
export const MEDIA_CHECK_TICK_MS = 10;

// ---------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------

export const UPLOAD_CONCURRENCY = 2;
/**
 * Largest tus PATCH body of a recording. While recording, a PATCH carries what one recorder
 * timeslice (1 s) produced; only a backlog (after being offline) is split in pieces this big,
 * so that each piece is confirmed, and leaves IndexedDB, within a few seconds on a slow uplink.
 */
export const TUS_CHUNK_MAX_BYTES = 256 * 1024;
/** A single-file upload (CV, image answer, logo) that has not finished by then gives up. */
export const SINGLE_FILE_UPLOAD_TIMEOUT_MS = 60_000;

// ---------------------------------------------------------------------------
// UI timings
// ---------------------------------------------------------------------------

export const AUTOSAVE_DEBOUNCE_MS = 1500;
export const FILTER_DEBOUNCE_MS = 200;
export const SEARCH_DEBOUNCE_MS = 500;
export const IMAGE_SEARCH_DEBOUNCE_MS = 500;
export const IMAGE_SEARCH_PAGE_SIZE = 20;
export const RESEND_EMAIL_LOCK_MS = 5000;
export const DRAG_ANIMATION_MS = 200;
export const WARNING_DISPLAY_MS = 2500;
/** A lazily loaded screen that has not arrived by then shows an error with a Reload button. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * Touch gestures: a press that moves less than TAP_TOLERANCE_PX stays a tap (or a hold); held
 * HOLD_MS it is a hold, LONG_TAP_MS a long tap; a move of SWIPE_MIN_PX or more is a swipe.
 */
export const TAP_TOLERANCE_PX = 10;
export const HOLD_MS = 400;
export const SWIPE_MIN_PX = 30;
export const LONG_TAP_MS = 400;

/** Layout breakpoints in CSS pixels (small, medium, large). */
export const BREAKPOINTS = { sm: 760, md: 1100, lg: 1460 } as const;

// ---------------------------------------------------------------------------
// Video player
// ---------------------------------------------------------------------------

export const PLAYER_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
export type PlayerSpeed = (typeof PLAYER_SPEEDS)[number];
/** Volume on the player's 0–100 scale. */
export const PLAYER_DEFAULT_VOLUME = 100;
export const PLAYER_DEFAULT_SPEED = 1;
/** Start slightly after 0 so browsers paint the first frame instead of a black poster. */
export const PLAYER_INITIAL_TIME_SEC = 0.1;
export const PLAYER_BUFFER_CHECK_MS = 1000;
export const PLAYER_BUFFER_COMPLETE_RATIO = 0.99;
/** Volume (0–1) at or above which the "high" icon shows. */
export const VOLUME_ICON_HIGH = 0.8;
/** Volume (0–1) at or below which the "low" icon shows. */
export const VOLUME_ICON_LOW = 0.1;

// ---------------------------------------------------------------------------
// Identity and avatars
// ---------------------------------------------------------------------------

export const RANDOM_ID_LENGTH = 6;
export const MAX_INITIALS = 3;
/**
 * Avatar backgrounds. All are dark enough for white initials to meet WCAG AA contrast
 * (≥ 4.5:1), which the tests check.
 */
export const AVATAR_COLORS = [
  '#C62828',
  '#AD1457',
  '#6A1B9A',
  '#4527A0',
  '#283593',
  '#1565C0',
  '#01579B',
  '#006064',
  '#00695C',
  '#2E7D32',
  '#33691E',
  '#827717',
  '#BF360C',
  '#4E342E',
  '#37474F',
  '#424242',
  '#880E4F',
  '#311B92',
] as const;
/** Avatar edge in CSS pixels. */
export const AVATAR_DEFAULT_SIZE = 50;

/** Touch gesture thresholds: tapTolerance and swipe in CSS pixels, the rest in ms. */
export const TOUCH = { tapTolerance: 10, holdMs: 400, swipe: 30, longTapMs: 400 } as const;

// ---------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------

/** The signup promise: 10 free video interviews per organisation. */
export const FREE_INTERVIEW_LIMIT = 10;
export const IMAGE_MAX_BYTES = 200 * 1024;
export const CV_MAX_BYTES = 5_000_000;
export const PASSWORD_MIN_LENGTH = 6;
export const OTP_LENGTH = 6;
/** A bookmark's minutes and seconds inputs each take at most this many characters. */
export const BOOKMARK_PART_MAX_CHARS = 2;

// ---------------------------------------------------------------------------
// Transport
// ---------------------------------------------------------------------------

export const TRANSPORT_MAX_RETRIES = 3;
/** Base delay; the n-th retry waits n times this. */
export const TRANSPORT_RETRY_DELAY_MS = 2000;

// ---------------------------------------------------------------------------
// Languages
// ---------------------------------------------------------------------------

export const LANGUAGES = ['en', 'he'] as const;
export type Language = (typeof LANGUAGES)[number];
export const RTL_LANGUAGES = ['he'] as const satisfies readonly Language[];
