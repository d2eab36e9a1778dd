import { z } from 'zod';

/** A point in time on the wire: an ISO 8601 date-time with `Z` or an offset. */
export const isoDateSchema = z.iso.datetime({ offset: true });

/** A filter bound: either a calendar date (`2024-05-01`) or a full ISO date-time. */
export const isoDateOrDateTimeSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
