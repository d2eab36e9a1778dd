import { describe, expect, it } from 'vitest';
import { operationIdOf } from './operation-ids';

describe('operationIdOf', () => {
  it.each([
    ['get', '/api/job', 'getJob'],
    ['get', '/api/job/{id}', 'getJobById'],
    ['post', '/api/applicant', 'createApplicant'],
    ['put', '/api/job/{jobId}/{applicantId}/rating', 'updateJobRatingByJobIdAndApplicantId'],
    ['delete', '/api/integrations/api-key/{id}', 'deleteIntegrationsApiKeyById'],
    ['get', '/api/upload/start_multipart', 'getUploadStartMultipart'],
    ['get', '/api/job/jobCount', 'getJobJobCount'],
    ['get', '/api/files/{path}', 'getFilesByPath'],
  ])('names %s %s %s', (method, path, id) => {
    expect(operationIdOf(method, path)).toBe(id);
    // Derived from the method and the path alone: the same every time, in any letter case.
    expect(operationIdOf(method.toUpperCase(), path)).toBe(id);
  });

  it('tells apart what differs only in method or in a parameter', () => {
    const ids = [
      operationIdOf('get', '/api/template/default'),
      operationIdOf('put', '/api/template/{id}/default'),
      operationIdOf('get', '/api/template/{id}'),
      operationIdOf('delete', '/api/template/{id}'),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses a method it has no verb for', () => {
    expect(() => operationIdOf('connect', '/api/job')).toThrow(/connect/);
  });
});
