import type { Job } from '@candid/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, type SignedUp } from './factories';
import { fetchSigned, recruiter } from './review-helpers';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { DAY_MS, PNG, reviewSuite } from './review-suite';

describe.each(testDbKinds())('applicant review: listing, sorting and counting (%s)', (kind) => {
  const suite = reviewSuite(kind);
  const { clock, ids, list, names } = suite;
  let t: TestApp;
  let origin: string;
  let owner: SignedUp;
  let free: SignedUp;
  let jobA: Job;
  let jobB: Job;
  let freeJob: Job;
  beforeAll(() => {
    ({ t, origin, owner, free, jobA, jobB, freeJob } = suite.state);
  });

  it('lists the organisation’s applicants, filtered by each filter and by several at once', async () => {
    expect(await names('')).toEqual(['Yael', 'Rina', 'Avi', 'Moshe', 'Dana_100%']);
    // Search: first, last and full name, email, phone, hometown, job title; case-insensitive.
    expect(await names('?txt=YAEL')).toEqual(['Yael']);
    expect(await names('?txt=katz')).toEqual(['Rina']);
    expect(await names(`?txt=${encodeURIComponent('rina katz')}`)).toEqual(['Rina']);
    expect(await names('?txt=avi%40example')).toEqual(['Avi']);
    expect(await names('?txt=052-765')).toEqual(['Avi']);
    expect(await names('?txt=eilat')).toEqual(['Dana_100%']);
    expect(await names(`?txt=${encodeURIComponent(' data an ')}`)).toEqual(['Rina', 'Moshe']);
    // LIKE wildcards are searched for literally.
    expect(await names('?txt=%25')).toEqual(['Dana_100%']);
    expect(await names('?txt=_')).toEqual(['Dana_100%']);
    // Statuses, comma-separated as the web app sends them, or repeated.
    expect(await names('?statuses=1,3')).toEqual(['Yael', 'Avi']);
    expect(await names('?statuses=1&statuses=3')).toEqual(['Yael', 'Avi']);
    // Last N days, by the app's clock.
    expect(await names('?daysAgo=7')).toEqual(['Yael', 'Rina', 'Moshe']);
    expect(await names('?daysAgo=31')).toEqual(['Yael', 'Rina', 'Avi', 'Moshe']);
    expect(await names('?daysAgo=90')).toHaveLength(5);
    // Five and a half days later (a new login, as the old token has expired by then).
    clock.advance(5.5 * DAY_MS);
    try {
      const later = await logIn(t.app, owner.email, owner.password);
      expect(await names('?daysAgo=7', { ...owner, ...later })).toEqual(['Yael']);
    } finally {
      clock.reset();
    }
    // Incomplete: quit and not submitted; false gives all the others.
    expect(await names('?incomplete=true')).toEqual(['Dana_100%']);
    expect(await names('?incomplete=false')).toEqual(['Yael', 'Rina', 'Avi', 'Moshe']);
    // Archive view.
    expect(await names('?showArchived=true')).toEqual(['Gil']);
    expect(await names('?showArchived=false')).toHaveLength(5);
    // One job.
    expect(await names(`?jobId=${jobB._id}`)).toEqual(['Rina', 'Moshe']);
    // Combined.
    expect(await names(`?jobId=${jobA._id}&statuses=1,3&daysAgo=7`)).toEqual(['Yael']);
    expect(await names('?txt=haifa&statuses=0,5&incomplete=false')).toEqual(['Rina']);
    expect(await names(`?showArchived=true&jobId=${jobA._id}&txt=adler`)).toEqual(['Gil']);
  });

  it('answers list rows in the wire shape, with a signed face image and the incomplete flag', async () => {
    const { applicants: rows } = await list(owner, `?jobId=${jobB._id}`);
    const row = rows.find((item) => item.id === ids.rina)!;
    expect(row).toMatchObject({
      info: { fName: 'Rina', lName: 'Katz', email: 'rina@example.com', hometown: 'Haifa' },
      jobInfo: { title: 'Data analyst', jobId: jobB._id },
      status: 0,
      isRead: false,
      isFree: false,
      isLocked: false,
      archivedAt: null,
      incomplete: false,
    });
    expect(row.timestamp.submitted).toEqual(expect.any(String));
    const image = await fetchSigned(origin, row.info.imgUrl!);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const quit = (await list(owner, '?incomplete=true')).applicants[0]!;
    expect(quit).toMatchObject({ incomplete: true, info: { imgUrl: null } });
    expect(quit.timestamp.quited).toEqual(expect.any(String));
  });

  it('rejects bad filters with a clear 400', async () => {
    const as = recruiter(t.app, owner);
    for (const query of [
      '?statuses=8',
      '?statuses=-1',
      '?statuses=x',
      '?daysAgo=5',
      '?incomplete=maybe',
      '?currPage=0',
      '?itemsPerPage=101',
      '?sort=password:asc',
      '?sort=info.fName:up',
    ]) {
      const response = await as('GET', `/api/job/applicant${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().key).toBe('VALIDATION_ERR');
    }
  });

  it('sorts by each column with NULLs last and ties by creation, and pages', async () => {
    expect(await names('?sort=info.fName:asc')).toEqual([
      'Avi',
      'Dana_100%',
      'Moshe',
      'Rina',
      'Yael',
    ]);
    expect(await names('?sort=info.fName:desc')).toEqual([
      'Yael',
      'Rina',
      'Moshe',
      'Dana_100%',
      'Avi',
    ]);
    // Yael and Rina are both from Haifa: the newer first.
    expect(await names('?sort=info.hometown:asc')).toEqual([
      'Moshe',
      'Dana_100%',
      'Yael',
      'Rina',
      'Avi',
    ]);
    expect(await names('?sort=status:desc')).toEqual(['Yael', 'Avi', 'Moshe', 'Rina', 'Dana_100%']);
    expect(await names('?sort=jobInfo.title:asc')).toEqual([
      'Yael',
      'Avi',
      'Dana_100%',
      'Moshe',
      'Rina',
    ]);
    // Not submitted goes last whichever the direction.
    expect(await names('?sort=timestamp.submitted:asc')).toEqual([
      'Avi',
      'Rina',
      'Yael',
      'Moshe',
      'Dana_100%',
    ]);

    const page2 = await list(owner, '?itemsPerPage=2&currPage=2');
    expect(page2.applicants.map((item) => item.info.fName)).toEqual(['Avi', 'Moshe']);
    expect(page2).toMatchObject({ pageCount: 3, filteredApplicantCount: 5 });
    expect(await names('?itemsPerPage=2&currPage=3')).toEqual(['Dana_100%']);
    const beyond = await list(owner, '?itemsPerPage=2&currPage=4');
    expect(beyond).toMatchObject({ applicants: [], pageCount: 3, filteredApplicantCount: 5 });
    const none = await list(owner, '?txt=nobody-at-all');
    expect(none).toMatchObject({ applicants: [], pageCount: 0, filteredApplicantCount: 0 });
  });

  it('gives a free user the default sort and marks applicants beyond the free ones locked', async () => {
    const freeRows = await list(free, '?sort=info.fName:asc');
    expect(freeRows.applicants.map((item) => item.info.fName)).toEqual(['Zoe', 'Adam']);
    expect(
      freeRows.applicants.map((item) => [item.info.fName, item.isFree, item.isLocked]),
    ).toEqual([
      ['Zoe', true, false],
      ['Adam', false, true],
    ]);
    // A user with full access sees nothing locked.
    expect((await list(owner)).applicants.every((item) => !item.isLocked)).toBe(true);
  });

  it('counts matching and all unarchived applicants, of the organisation or one job', async () => {
    const as = recruiter(t.app, owner);
    const countOf = async (query: string) => {
      const response = await as('GET', `/api/job/applicantCount${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect(await countOf('')).toEqual({
      filteredApplicantCount: 5,
      totalApplicantCount: 5,
      filteredApplicantCountCapped: false,
      totalApplicantCountCapped: false,
    });
    expect(await countOf('?statuses=1,3')).toEqual({
      filteredApplicantCount: 2,
      totalApplicantCount: 5,
      filteredApplicantCountCapped: false,
      totalApplicantCountCapped: false,
    });
    expect(await countOf('?showArchived=true')).toEqual({
      filteredApplicantCount: 1,
      totalApplicantCount: 5,
      filteredApplicantCountCapped: false,
      totalApplicantCountCapped: false,
    });
    expect(await countOf(`?jobId=${jobB._id}&incomplete=false&daysAgo=7`)).toEqual({
      filteredApplicantCount: 2,
      totalApplicantCount: 2,
      filteredApplicantCountCapped: false,
      totalApplicantCountCapped: false,
    });
    expect(await countOf(`?jobId=${jobA._id}&txt=nobody`)).toEqual({
      filteredApplicantCount: 0,
      totalApplicantCount: 3,
      filteredApplicantCountCapped: false,
      totalApplicantCountCapped: false,
    });
    // A job of another organisation (or no job at all) is not found, for the list too.
    for (const jobId of [freeJob._id, 'not-a-job']) {
      expect((await as('GET', `/api/job/applicantCount?jobId=${jobId}`)).statusCode).toBe(404);
      const listed = await as('GET', `/api/job/applicant?jobId=${jobId}`);
      expect(listed.statusCode).toBe(404);
      expect(listed.json().key).toBe('NOT_FOUND_ERR');
    }
    expect((await as('GET', '/api/job/applicantCount?statuses=9')).statusCode).toBe(400);
  });
});
