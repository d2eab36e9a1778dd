import {
  applicantCountResponseSchema,
  applicantListResponseSchema,
  jobCountResponseSchema,
  jobListResponseSchema,
  templateListResponseSchema,
} from '@candid/domain';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listReplySerializer, replyJsonSchema } from './list-reply-serializer';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/api/test' });

const applicant = (overrides: Record<string, unknown> = {}) => ({
  id: '4024ba1c-5a63-48cc-87be-0735d7b621b7',
  info: {
    fName: 'Noa "the" Levi',
    lName: 'לוי',
    email: 'noa@example.com',
    phone: '+972540000001',
    hometown: '',
    imgUrl: null,
  },
  jobInfo: { title: 'Nurse\n(night)', jobId: 'ad255912-2708-4ed4-9ba5-36bbdccf0531' },
  status: 3,
  timestamp: {
    sent: '2026-11-26T21:25:10.758Z',
    opened: '2026-11-26T21:25:10.758Z',
    submitted: null,
    quited: '2026-11-26T21:30:10.000Z',
  },
  isRead: false,
  isFree: true,
  isLocked: false,
  archivedAt: null,
  incomplete: true,
  started: true,
  rating: { avg: 3.5, count: 2 },
  score: 80,
  knockedOut: false,
  ...overrides,
});

describe('listReplySerializer', () => {
  it('writes what the zod serializer writes for every list reply', () => {
    const replies: [unknown, unknown][] = [
      [
        applicantListResponseSchema,
        {
          applicants: [
            applicant(),
            applicant({ started: undefined, rating: { avg: null, count: 0 }, score: null }),
          ],
          pageCount: 334,
          filteredApplicantCount: 10_000,
          filteredApplicantCountCapped: true,
          nextCursor: 'eyJzIjoidGltZXN0YW1wLnN1Ym1pdHRlZDpkZXNjIn0',
        },
      ],
      [applicantListResponseSchema, { applicants: [], pageCount: 0, filteredApplicantCount: 0 }],
      [
        applicantCountResponseSchema,
        {
          filteredApplicantCount: 12,
          totalApplicantCount: 10_000,
          filteredApplicantCountCapped: false,
          totalApplicantCountCapped: true,
        },
      ],
      [jobCountResponseSchema, { jobCount: 3, jobCountCapped: false }],
      [
        templateListResponseSchema,
        { templates: [], pageCount: 0, filteredTemplateCount: 0, totalTemplateCount: 0 },
      ],
    ];
    for (const [schema, reply] of replies) {
      const fast = listReplySerializer(route(schema))(reply);
      const zod = zodSerializerCompiler(route(schema) as never)(reply) as string;
      expect(JSON.parse(fast)).toEqual(JSON.parse(zod));
    }
  });

  it('leaves out properties the reply schema does not declare, as zod strips them', () => {
    const serialize = listReplySerializer(route(applicantListResponseSchema));
    const body = JSON.parse(
      serialize({
        applicants: [{ ...applicant(), passwordHash: 'secret', orgId: 'other' }],
        pageCount: 1,
        filteredApplicantCount: 1,
        debug: { sql: 'select 1' },
      }),
    ) as Record<string, unknown> & { applicants: Record<string, unknown>[] };
    expect(body).not.toHaveProperty('debug');
    expect(body.applicants[0]).not.toHaveProperty('passwordHash');
    expect(body.applicants[0]).not.toHaveProperty('orgId');
    expect(body.applicants[0]!.info).toEqual(applicant().info);
  });

  it('fails a reply that lacks a required property', () => {
    const serialize = listReplySerializer(route(applicantListResponseSchema));
    expect(() => serialize({ applicants: [], pageCount: 1 })).toThrow(/filteredApplicantCount/);
  });

  it('compiles the job list reply (its questions and scorecard) and writes it as zod does', () => {
    expect(replyJsonSchema(jobListResponseSchema)).not.toBeNull();
  });

  it('falls back to the zod serializer for a schema JSON Schema cannot express', () => {
    const schema = z.object({ at: z.date() });
    expect(replyJsonSchema(schema)).toBeNull();
    const serialize = listReplySerializer(route(schema));
    expect(serialize({ at: new Date('2026-01-02T03:04:05.000Z') })).toBe(
      zodSerializerCompiler(route(schema) as never)({ at: new Date('2026-01-02T03:04:05.000Z') }),
    );
    expect(() => serialize({ at: 'not a date' })).toThrow();
  });

  it('turns zod nullables into a nullable type and drops checks a serializer never runs', () => {
    const json = replyJsonSchema(
      z.object({ name: z.string().min(1).nullable(), count: z.number().int().min(0) }),
    );
    expect(json).toMatchObject({
      type: 'object',
      properties: { name: { type: ['string', 'null'] }, count: { type: 'integer' } },
      required: ['name', 'count'],
      additionalProperties: false,
    });
    expect(JSON.stringify(json)).not.toMatch(/minLength|minimum/);
  });
});
