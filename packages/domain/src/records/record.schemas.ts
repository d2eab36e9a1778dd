import { z } from 'zod';
import { LOG_LEVELS, RECORD_PAGE_SIZE } from '../common/constants';
import { isoDateOrDateTimeSchema, isoDateSchema } from '../common/date-schemas';
import { idSchema } from '../common/ids';
import {
  currPageSchema,
  itemsPerPageSchema,
  limitSkipShape,
  pageFromLimitSkip,
} from '../common/pagination';
import {
  optionalQueryTextSchema,
  queryBooleanSchema,
  queryListSchema,
  queryNumberSchema,
} from '../common/query';
import { roleSchema } from '../users/user.schemas';
import { MAX_LOG_BATCH_ENTRIES, MAX_LOG_MESSAGE_CHARS, MAX_LOG_STACK_CHARS } from './log-limits';

export const LOG_SOURCES = ['frontend', 'backend'] as const;
export type LogSource = (typeof LOG_SOURCES)[number];

export const logLevelSchema = z.enum(LOG_LEVELS);

/** Who was using the product when a record was logged: a candidate or a recruiter. */
const recordApplicantSchema = z.object({
  id: z.string(),
  info: z.record(z.string(), z.unknown()).optional(),
});
const recordUserSchema = z.object({
  _id: z.string(),
  fName: z.string().optional(),
  lName: z.string().optional(),
  companyName: z.string().optional(),
  email: z.string().optional(),
  role: roleSchema.optional(),
  perm: z.number().optional(),
});

export const logRecordMetaSchema = z.object({
  source: z.enum(LOG_SOURCES),
  /** The request id of the call that produced the record, to join client and server logs. */
  traceId: z.string().optional(),
  stack: z.string().optional(),
  environment: z.string().optional(),
  referrer: z.string().optional(),
  browser: z.string().optional(),
  /** HTTP status of a failed call, for the status-code filter. */
  statusCode: z.number().int().optional(),
  error: z.object({ message: z.string().optional(), stack: z.string().optional() }).optional(),
  applicant: recordApplicantSchema.optional(),
  user: recordUserSchema.optional(),
  /** The client's clock when it logged the entry (the record's timestamp is the server's). */
  clientTime: z.string().optional(),
  /** Where in the web app it happened (route path). */
  path: z.string().optional(),
  /** The API call that failed, for a backend record ("GET /api/job"). */
  request: z.string().optional(),
});
export type LogRecordMeta = z.infer<typeof logRecordMetaSchema>;

/** A stored log record, shown in the admin record overview. */
export const logRecordSchema = z.object({
  _id: idSchema,
  timestamp: isoDateSchema,
  level: logLevelSchema,
  message: z.string(),
  meta: logRecordMetaSchema,
});
export type LogRecord = z.infer<typeof logRecordSchema>;

const boundedText = (max: number) => z.string().max(max);

/**
 * One entry of the `POST record` batch as the web app sends it. The server decides the source
 * (frontend), who was using the product (from the caller's token) and the stored timestamp;
 * the client's own clock travels as `timestamp`.
 */
export const logEntryInputSchema = z.object({
  timestamp: isoDateSchema,
  level: logLevelSchema,
  message: boundedText(MAX_LOG_MESSAGE_CHARS),
  meta: z
    .object({
      traceId: boundedText(200).optional(),
      stack: boundedText(MAX_LOG_STACK_CHARS).optional(),
      environment: boundedText(200).optional(),
      referrer: boundedText(2_000).optional(),
      browser: boundedText(500).optional(),
      statusCode: z.number().int().min(0).max(999).optional(),
      error: z
        .object({
          message: boundedText(MAX_LOG_MESSAGE_CHARS).optional(),
          stack: boundedText(MAX_LOG_STACK_CHARS).optional(),
        })
        .optional(),
      /** Where in the app it happened (route path). */
      path: boundedText(2_000).optional(),
    })
    .default({}),
});
export type LogEntryInput = z.infer<typeof logEntryInputSchema>;

/** Body of `POST record`: 1 to MAX_LOG_BATCH_ENTRIES entries. */
export const logBatchInputSchema = z.array(logEntryInputSchema).min(1).max(MAX_LOG_BATCH_ENTRIES);
export type LogBatchInput = z.infer<typeof logBatchInputSchema>;

/** Answer of `POST record`: how many entries were stored. */
export const logBatchResponseSchema = z.object({ saved: z.number().int().min(0) });

/**
 * Record overview filter: source, traceID, date range, user text, status code,
 * `exclude` (invert the text match), and levels as a comma list. `currPage` is 1-based; the
 * spec's `limit` and `skip` (skip = page number × page size) are read too and win when given.
 */
export const recordFilterSchema = z
  .object({
    txt: optionalQueryTextSchema,
    source: z.enum(LOG_SOURCES).optional(),
    traceID: optionalQueryTextSchema,
    fromDate: isoDateOrDateTimeSchema.optional(),
    toDate: isoDateOrDateTimeSchema.optional(),
    userTxt: optionalQueryTextSchema,
    statusCode: queryNumberSchema.pipe(z.number().int().min(100).max(599)).optional(),
    exclude: queryBooleanSchema.default(false),
    levels: queryListSchema(logLevelSchema).default([]),
    currPage: currPageSchema,
    itemsPerPage: itemsPerPageSchema(RECORD_PAGE_SIZE),
    ...limitSkipShape,
  })
  .transform(pageFromLimitSkip);
export type RecordFilter = z.infer<typeof recordFilterSchema>;

/**
 * Answer of `GET record`: newest first; the total stops at LIST_COUNT_CAP, a text or user
 * search's at SEARCH_COUNT_CAP (`…Capped`).
 */
export const recordListResponseSchema = z.object({
  records: z.array(logRecordSchema),
  totalRecordCount: z.number().int().min(0),
  totalRecordCountCapped: z.boolean(),
});
export type RecordListResponse = z.infer<typeof recordListResponseSchema>;
