import { z } from 'zod';
import { LOG_LEVELS, RECORD_PAGE_SIZE } from '../common/constants';
import type { LogLevel } from '../common/constants';
import { isoDateOrDateTimeSchema, isoDateSchema } from '../common/dates';
import { idSchema } from '../common/ids';
import { currPageSchema, itemsPerPageSchema } from '../common/pagination';
import {
  optionalQueryTextSchema,
  queryBooleanSchema,
  queryListSchema,
  queryNumberSchema,
} from '../common/query';
import { roleSchema } from '../users/user.schemas';

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
});
export type LogRecordMeta = z.infer<typeof logRecordMetaSchema>;

/** A stored log record (spec §3), shown in the admin record overview. */
export const logRecordSchema = z.object({
  _id: idSchema,
  timestamp: isoDateSchema,
  level: logLevelSchema,
  message: z.string(),
  meta: logRecordMetaSchema,
});
export type LogRecord = z.infer<typeof logRecordSchema>;

/** One entry of the `POST record` batch: a record before the server gives it an id. */
export const logEntryInputSchema = logRecordSchema.omit({ _id: true });
export type LogEntryInput = z.infer<typeof logEntryInputSchema>;

/** Body of `POST record`. */
export const logBatchInputSchema = z.array(logEntryInputSchema).min(1);

/** Debug logs stay in the console; every other client level is queued and sent (spec §9). */
export function isLogLevelQueued(level: LogLevel): boolean {
  return level !== 'debug';
}

/**
 * Record overview filter (spec §3): source, traceID, date range, user text, status code,
 * `exclude` (invert the text match), and levels as a comma list. `currPage` is 1-based.
 */
export const recordFilterSchema = z.object({
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
});
export type RecordFilter = z.infer<typeof recordFilterSchema>;

/** Answer of `GET record`. */
export const recordListResponseSchema = z.object({
  records: z.array(logRecordSchema),
  totalRecordCount: z.number().int().min(0),
});
export type RecordListResponse = z.infer<typeof recordListResponseSchema>;
