import {
  getSkip,
  LIST_COUNT_CAP,
  SEARCH_COUNT_CAP,
  LOG_LEVELS,
  MAX_LOG_MESSAGE_CHARS,
  MAX_LOG_STACK_CHARS,
  type LogBatchInput,
  type LogLevel,
  type LogRecord,
  type LogRecordMeta,
  type LogSource,
  type RecordFilter,
  type RecordListResponse,
} from '@candid/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  cappedCountSql,
  likePattern,
  listColumns,
  planConstant,
  planOffset,
  searchPattern,
  readList,
  renderOnce,
  runListStatement,
  toCapped,
} from '../../db/list-query';
import { logRecords } from '../../db/schema';
import type { Actor } from '../../policies';
import { findUserById } from '../users/users.service';
import { findApplicantContact } from '../applicant-records/applicant-store';

export type LogRecordRow = typeof logRecords.$inferSelect;

const REDACTED = '[redacted]';
/** Keys whose values are never stored, whatever the client sends (tokens, passwords). */
const SECRET_KEY = /pass(word)?|secret|token|authori[sz]ation|cookie|api[-_]?key|signature/i;
/** Secrets written inside text: bearer tokens, JWTs, signed-URL signatures, password params. */
const SECRET_TEXT: [RegExp, string][] = [
  [/\bBearer\s+[\w.~+/=-]+/gi, `Bearer ${REDACTED}`],
  [/\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]+/g, REDACTED],
  [
    /\b(password|passwd|pwd|secret|token|access_token|refresh_token|sig|signature|X-Amz-Signature|X-Amz-Credential)(\s*[=:]\s*)[^\s&#"',;]+/gi,
    `$1$2${REDACTED}`,
  ],
];

/** `text` with every secret the patterns know replaced by "[redacted]". */
export function redactText(text: string): string {
  let result = text;
  for (const [pattern, replacement] of SECRET_TEXT) result = result.replace(pattern, replacement);
  return result;
}

/** A deep copy of `value` with secret-named keys and secrets inside strings redacted. */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redactText(value) as T;
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    copy[key] = SECRET_KEY.test(key) && item != null ? REDACTED : redactSecrets(item, depth + 1);
  }
  return copy as T;
}

function clip(text: string | undefined, max: number): string | undefined {
  return text === undefined ? undefined : text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Who was using the product, as a record shows it (Log record meta). */
async function whoOf(db: Db, actor: Actor): Promise<Pick<LogRecordMeta, 'user' | 'applicant'>> {
  if (actor.kind === 'candidate') {
    const contact = await findApplicantContact(db, actor.scope.applicantId);
    return {
      applicant: {
        id: actor.scope.applicantId,
        info: { ...(contact ?? {}), jobId: actor.scope.jobId },
      },
    };
  }
  if (actor.kind !== 'recruiter' && actor.kind !== 'admin') return {};
  const user = await findUserById(db, actor.user.id);
  return {
    user: {
      _id: actor.user.id,
      role: actor.user.role,
      perm: actor.user.perm,
      ...(user
        ? {
            fName: user.fName,
            lName: user.lName,
            email: user.email,
            companyName: user.companyName,
          }
        : {}),
    },
  };
}

function idsOf(actor: Actor): { userId: string | null; applicantId: string | null } {
  if (actor.kind === 'candidate') return { userId: null, applicantId: actor.scope.applicantId };
  if (actor.kind === 'recruiter' || actor.kind === 'admin')
    return { userId: actor.user.id, applicantId: null };
  return { userId: null, applicantId: null };
}

/** Where the request came from, as the server sees it (never the client's word for it). */
export interface RequestContext {
  now: Date;
  userAgent?: string;
  referrer?: string;
  /** The deployment's name (config `environment`). */
  environment?: string;
}

/**
 * `POST record`: stores the web app's batch as frontend records. The source, who was using the
 * product (from the caller's token: the recruiter, or the candidate's applicant) and the stored
 * time are the server's; the client's clock is kept as `meta.clientTime`. Secrets are redacted.
 */
export async function saveClientRecords(
  db: Db,
  actor: Actor,
  entries: LogBatchInput,
  context: RequestContext,
): Promise<number> {
  const who = await whoOf(db, actor);
  const ids = idsOf(actor);
  const rows = entries.map((entry) => {
    const { statusCode, traceId, ...rest } = entry.meta;
    const meta = redactSecrets({
      ...rest,
      browser: rest.browser ?? context.userAgent,
      referrer: rest.referrer ?? context.referrer,
      ...(context.environment ? { environment: context.environment } : {}),
      clientTime: entry.timestamp,
      ...who,
    });
    return {
      timestamp: context.now,
      level: entry.level,
      message: redactText(entry.message),
      source: 'frontend' satisfies LogSource,
      traceId: traceId ?? null,
      statusCode: statusCode ?? null,
      ...ids,
      meta,
    };
  });
  await db.insert(logRecords).values(rows);
  return rows.length;
}

/** What the server knows of one of its own failures (a 5xx answer). */
export interface ServerFailure {
  error: unknown;
  traceId: string;
  statusCode: number;
  method: string;
  url: string;
  actor: Actor;
  now: Date;
  environment?: string;
}

/** Stores a 5xx of the API as a backend record: message, stack, trace id, who was calling. */
export async function saveServerRecord(db: Db, failure: ServerFailure): Promise<void> {
  const error = failure.error instanceof Error ? failure.error : new Error(String(failure.error));
  const who = await whoOf(db, failure.actor);
  await db.insert(logRecords).values({
    timestamp: failure.now,
    level: 'error',
    message: redactText(clip(error.message || error.name, MAX_LOG_MESSAGE_CHARS)!),
    source: 'backend',
    traceId: failure.traceId,
    statusCode: failure.statusCode,
    ...idsOf(failure.actor),
    meta: redactSecrets({
      stack: clip(error.stack, MAX_LOG_STACK_CHARS),
      request: `${failure.method} ${failure.url}`,
      ...(failure.environment ? { environment: failure.environment } : {}),
      ...who,
    }),
  });
}

/** The first instant after `date` when it names a day (so `toDate=2024-05-31` includes that day). */
function endOf(date: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    const day = new Date(`${date}T00:00:00.000Z`);
    return new Date(day.getTime() + 24 * 60 * 60 * 1000);
  }
  return new Date(new Date(date).getTime() + 1);
}

/**
 * A level list as literals in the statement's text (they come from the domain's closed list):
 * each choice of levels is then a statement of its own, planned for how common those levels
 * are (a parameter array gave every choice one generic plan).
 */
function levelList(levels: readonly string[]): SQL {
  for (const level of levels) {
    if (!(LOG_LEVELS as readonly string[]).includes(level))
      throw new Error(`not a level: ${level}`);
  }
  return sql.raw(levels.map((level) => `'${level}'`).join(', '));
}

/**
 * A record filter as SQL: `text` for the searches a trigram index serves, `base` for the rest
 * (the columns of the list indexes, and `exclude`).
 */
interface RecordConditions {
  base: SQL[];
  text: SQL[];
}

/**
 * The filter's conditions. The text searches read trigram indexes: `txt` the lower-cased
 * message (`exclude`, NOT LIKE, can use no index: it is tested along the list index), `userTxt`
 * the generated column `user_text`, which matches exactly what an ILIKE on each of the user's
 * and the applicant's fields and on their "first last" names matched (see the schema). Both
 * are `LIKE lower(pattern)`, which is what ILIKE does.
 */
function recordConditions(filter: RecordFilter): RecordConditions {
  const base: SQL[] = [];
  const text: SQL[] = [];
  if (filter.source) base.push(sql`${logRecords.source} = ${filter.source}`);
  if (filter.traceID) base.push(sql`${logRecords.traceId} = ${filter.traceID}`);
  if (filter.fromDate)
    base.push(sql`${logRecords.timestamp} >= ${new Date(filter.fromDate).toISOString()}`);
  if (filter.toDate)
    base.push(sql`${logRecords.timestamp} < ${endOf(filter.toDate).toISOString()}`);
  if (filter.statusCode !== undefined)
    base.push(sql`${logRecords.statusCode} = ${filter.statusCode}`);
  if (filter.levels.length > 0)
    base.push(sql`${logRecords.level} in (${levelList(filter.levels)})`);
  if (filter.txt) {
    // Patterns are written into the statement (planText): a search is an unnamed statement to
    // be planned for its word, and the list pool's forced generic plans apply to those too.
    const match = sql`${logRecords.messageLower} like lower(${searchPattern(filter.txt)})`;
    // No index serves NOT LIKE: it is tested on the rows the other filters' indexes give.
    if (filter.exclude) base.push(sql`not (${match})`);
    else text.push(match);
  }
  if (filter.userTxt) {
    text.push(sql`${logRecords.userText} like lower(${searchPattern(filter.userTxt)})`);
    // The parts of user_text are separated by chr(31): a text holding one could match across
    // two of them, so it is also tested on the fields themselves, as before.
    if (filter.userTxt.includes(USER_TEXT_SEPARATOR)) text.push(userFieldsMatch(filter.userTxt));
  }
  return { base, text };
}

/** The conditions as one (`true` without any); `walked`: the text ones so no index serves them. */
function conditionOf({ base, text }: RecordConditions, options: { walked?: boolean } = {}): SQL {
  const all = [
    ...base,
    // In coalesce the planner can use no trigram index for them, and reads the list index in
    // its order, testing each row, instead of collecting every match into a bitmap first.
    ...text.map((condition) => (options.walked ? sql`coalesce(${condition}, false)` : condition)),
  ];
  return all.length > 0 ? sql.join(all, sql` and `) : sql`true`;
}

/**
 * A text search's count probes the newest PROBE_ROWS records of the other filters first; when
 * at least PROBE_DENSE of them match (one in a hundred) the count walks the list index in order
 * until the cap (SEARCH_COUNT_CAP: at most about 20,000 records read, whatever the table's
 * size), otherwise it reads the trigram index, whose matches are then likely fewer than a
 * hundredth of the table. Left to itself the planner builds the bitmap of every match for any
 * word: at 1 M records 450,000 for "failed" (62 ms, where walking to the cap takes 8) and 80,000
 * for "conflict" (72 ms, lossy). Walking reads about 0.3 µs a record and the bitmap about 0.9 µs
 * a match: to 201 matches at one in a hundred, the walk reads 20,000 records (6 ms), the bitmap
 * of a 1 M table 10,000 matches (9 ms), and the bitmap's cost follows the table's size. At one
 * in twenty (the threshold while the count went to 10,000), a user search for "cohen" (2 % of
 * the records at 1 M) read its 22,000-match bitmap: 18 ms, 2.7 at 100 k.
 */
const PROBE_ROWS = 2_000;
const PROBE_DENSE = PROBE_ROWS / 100;

/**
 * How far a record count goes: a search (`txt` or `userTxt`) stops at SEARCH_COUNT_CAP
 * ("200+"), as the applicant, job and account searches do, so a word met in one record of
 * twenty walks at most 4,000 records to its cap (to 10,000 matches, a word in 8 % of the
 * records walked 125,000: 50 ms at 1 M), and one counted from the trigram index stops at its
 * 201st match; the other filters at LIST_COUNT_CAP. `exclude` is not a search here: no index
 * serves NOT LIKE, and its matches are most records.
 */
function recordCountCap(conditions: RecordConditions): number {
  return conditions.text.length > 0 ? SEARCH_COUNT_CAP : LIST_COUNT_CAP;
}

function recordCountSql(conditions: RecordConditions, exclude: boolean): SQL<number> {
  const where = conditionOf(conditions);
  const walked = conditionOf(conditions, { walked: true });
  const cap = recordCountCap(conditions);
  // Up to the cap along the list index, in its order, testing each row.
  const walk = sql<number>`(select count(*) from (select 1 from ${logRecords} where ${walked}
    order by ${RECORD_LIST.order} limit ${planConstant(cap + 1)}) as walked)::int`;
  if (conditions.text.length === 0) {
    // `exclude` alone has no index to count from: PostgreSQL would read the table for it.
    return exclude ? walk : cappedCountSql(logRecords, where, cap);
  }
  const base = conditionOf({ base: conditions.base, text: [] });
  const text = sql.join(conditions.text, sql` and `);
  // The probe reads the newest PROBE_ROWS records of the other filters (not the first
  // PROBE_ROWS matches, which for a rare word would be the whole table) and counts the matches.
  const probe = sql`(select count(*) filter (where probed.hit) from (select coalesce(${text}, false)
    as hit from ${logRecords} where ${base} order by ${RECORD_LIST.order}
    limit ${planConstant(PROBE_ROWS)}) as probed)`;
  return sql<number>`(case when ${probe} >= ${planConstant(PROBE_DENSE)} then ${walk}
    else ${cappedCountSql(logRecords, where, cap)} end)::int`;
}

const USER_TEXT_SEPARATOR = String.fromCharCode(31);

/** The user filter on each field of the meta that user_text holds, for a text it cannot decide. */
function userFieldsMatch(userTxt: string): SQL {
  const pattern = likePattern(userTxt);
  const field = (path: string[]) => sql`(${logRecords.meta} #>> ${`{${path.join(',')}}`})`;
  const fields = [
    ['user', 'fName'],
    ['user', 'lName'],
    ['user', 'email'],
    ['user', 'companyName'],
    ['user', '_id'],
    ['applicant', 'id'],
    ['applicant', 'info', 'fName'],
    ['applicant', 'info', 'lName'],
    ['applicant', 'info', 'email'],
  ].map((path) => sql`${field(path)} ilike ${pattern}`);
  return sql`(${sql.join(
    [
      ...fields,
      sql`concat_ws(' ', ${field(['user', 'fName'])}, ${field(['user', 'lName'])}) ilike ${pattern}`,
      sql`concat_ws(' ', ${field(['applicant', 'info', 'fName'])}, ${field(['applicant', 'info', 'lName'])}) ilike ${pattern}`,
    ],
    sql` or `,
  )})`;
}

/** A record list row: the record's columns by property name, the timestamp as ISO text. */
type RecordListRow = Omit<
  LogRecordRow,
  'timestamp' | 'userId' | 'applicantId' | 'messageLower' | 'userText'
> & {
  timestamp: string;
  total: number;
};

function toLogRecord(row: Omit<RecordListRow, 'total'>): LogRecord {
  const meta = row.meta as Omit<LogRecordMeta, 'source' | 'traceId' | 'statusCode'>;
  return {
    _id: row.id,
    timestamp: row.timestamp,
    level: row.level as LogLevel,
    message: row.message,
    meta: {
      ...meta,
      source: row.source as LogSource,
      ...(row.traceId ? { traceId: row.traceId } : {}),
      ...(row.statusCode !== null ? { statusCode: row.statusCode } : {}),
    },
  };
}

/** The pieces of the record list's statement, rendered once. */
const RECORD_LIST = {
  select: listColumns(logRecords, {
    iso: ['timestamp'],
    omit: ['userId', 'applicantId', 'messageLower', 'userText'],
  }),
  // Served by log_records_timestamp_id_idx (and the level, source and status ones, which end
  // in the same two columns).
  order: renderOnce(sql`${logRecords.timestamp} desc, ${logRecords.id} desc`),
};

/**
 * `GET record` (admin): the record overview, newest first, 50 per page by default;
 * the total stops at LIST_COUNT_CAP (a search's at SEARCH_COUNT_CAP). One statement: the page's ids from the list index first
 * (deferred join: a deep page skips index entries, not rows), then only those rows, with the
 * capped count as a column; a page past the end has no row to carry the count, so it is read on
 * its own then. A text search (txt, userTxt) is planned for its text each time: a rare word
 * is read from the trigram index and its few matches sorted, a common one found walking the
 * list index in its order.
 */
export async function listRecords(db: Db, filter: RecordFilter): Promise<RecordListResponse> {
  const conditions = recordConditions(filter);
  const where = conditionOf(conditions);
  const skip = getSkip(filter.currPage, filter.itemsPerPage);
  const total = recordCountSql(conditions, filter.exclude && Boolean(filter.txt));
  const options = { planEachTime: Boolean(filter.txt || filter.userTxt) };
  return readList(db, async (q) => {
    const pageIds = sql`(select ${logRecords.id} from ${logRecords} where ${where}
      order by ${RECORD_LIST.order}
      limit ${planConstant(filter.itemsPerPage)} offset ${planOffset(skip)})`;
    const rows = await runListStatement<RecordListRow>(
      q,
      sql`select ${RECORD_LIST.select}, ${total} as "total" from ${logRecords}
        where ${logRecords.id} in ${pageIds} order by ${RECORD_LIST.order}`,
      options,
    );
    const [counted] = rows.length
      ? rows
      : await runListStatement<{ total: number }>(q, sql`select ${total} as "total"`, options);
    const capped = toCapped(Number(counted?.total ?? 0), recordCountCap(conditions));
    return {
      records: rows.map(toLogRecord),
      totalRecordCount: capped.value,
      totalRecordCountCapped: capped.capped,
    };
  });
}
