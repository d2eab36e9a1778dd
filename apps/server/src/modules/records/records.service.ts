import {
  getSkip,
  LIST_COUNT_CAP,
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
import { and, desc, eq, gte, ilike, inArray, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern, readList } from '../../db/list-query';
import { logRecords } from '../../db/schema';
import type { Actor } from '../../policies';
import { findUserById } from '../users/users.service';
import { findApplicantContact } from '../review/applicant-records';

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

/** Who was using the product, as a record shows it (spec §3 Log record meta). */
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

function recordConditions(filter: RecordFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.source) conditions.push(eq(logRecords.source, filter.source));
  if (filter.traceID) conditions.push(eq(logRecords.traceId, filter.traceID));
  if (filter.fromDate) conditions.push(gte(logRecords.timestamp, new Date(filter.fromDate)));
  if (filter.toDate) conditions.push(lt(logRecords.timestamp, endOf(filter.toDate)));
  if (filter.statusCode !== undefined)
    conditions.push(eq(logRecords.statusCode, filter.statusCode));
  if (filter.levels.length > 0)
    conditions.push(inArray(logRecords.level, filter.levels as LogLevel[]));
  if (filter.txt) {
    const match = ilike(logRecords.message, likePattern(filter.txt));
    conditions.push(filter.exclude ? not(match) : match);
  }
  if (filter.userTxt) {
    const pattern = likePattern(filter.userTxt);
    const field = (path: string[]) => sql`(${logRecords.meta} #>> ${`{${path.join(',')}}`})`;
    conditions.push(
      or(
        ...[
          ['user', 'fName'],
          ['user', 'lName'],
          ['user', 'email'],
          ['user', 'companyName'],
          ['user', '_id'],
          ['applicant', 'id'],
          ['applicant', 'info', 'fName'],
          ['applicant', 'info', 'lName'],
          ['applicant', 'info', 'email'],
        ].map((path) => sql`${field(path)} ilike ${pattern}`),
        sql`concat_ws(' ', ${field(['user', 'fName'])}, ${field(['user', 'lName'])}) ilike ${pattern}`,
        sql`concat_ws(' ', ${field(['applicant', 'info', 'fName'])}, ${field(['applicant', 'info', 'lName'])}) ilike ${pattern}`,
      ),
    );
  }
  return and(...conditions);
}

function toLogRecord(row: LogRecordRow): LogRecord {
  const meta = row.meta as Omit<LogRecordMeta, 'source' | 'traceId' | 'statusCode'>;
  return {
    _id: row.id,
    timestamp: row.timestamp.toISOString(),
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

/**
 * `GET record` (admin): the record overview, newest first (spec §9), 50 per page by default;
 * the total stops at LIST_COUNT_CAP.
 */
export async function listRecords(db: Db, filter: RecordFilter): Promise<RecordListResponse> {
  const where = recordConditions(filter);
  return readList(db, async (q) => {
    const rows = await q
      .select()
      .from(logRecords)
      .where(where)
      .orderBy(desc(logRecords.timestamp), desc(logRecords.id))
      .limit(filter.itemsPerPage)
      .offset(getSkip(filter.currPage, filter.itemsPerPage));
    const [counted] = await q.select({ value: sql<number>`count(*)::int` }).from(
      q
        .select({ one: sql`1`.as('one') })
        .from(logRecords)
        .where(where)
        .limit(LIST_COUNT_CAP + 1)
        .as('limited'),
    );
    const total = Number(counted?.value ?? 0);
    return {
      records: rows.map(toLogRecord),
      totalRecordCount: Math.min(total, LIST_COUNT_CAP),
      totalRecordCountCapped: total > LIST_COUNT_CAP,
    };
  });
}
