import type { SavedQuestion, SavedQuestionListResponse } from '@candid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedQuestions } from '../src/db/schema';
import { bearer, signUp, type SignedUp } from './factories';
import { accountWith } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

const VIDEO = {
  isVidAns: true,
  isScreenAns: false,
  isTxtAns: false,
  isImgAns: false,
  isCodeAns: false,
};

describe.each(testDbKinds())('question library on %s', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let member: SignedUp;
  let stranger: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t.app, { fName: 'Olga' });
    member = await accountWith(t.app, { orgId: owner.user.companyId!, fName: 'Mia' });
    stranger = await signUp(t.app, { fName: 'Stan' });
  });
  afterAll(async () => t?.close());

  const call = (
    who: SignedUp | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: who ? bearer(who.accessToken) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function save(who: SignedUp, body: Record<string, unknown>): Promise<SavedQuestion> {
    const response = await call(who, 'POST', '/api/question-library', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as SavedQuestion;
  }
  const list = async (who: SignedUp, query = '') => {
    const response = await call(who, 'GET', `/api/question-library${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as SavedQuestionListResponse).questions;
  };

  it('saves a question for the whole organisation, lists newest first and searches', async () => {
    const first = await save(owner, {
      id: 'q-from-the-editor',
      txt: '  Why do you want to work in logistics?  ',
      desc: '<p>Think of <script>alert(1)</script>one example</p>',
      ansRule: VIDEO,
      timeLimit: 3,
      scoring: 'scored',
    });
    expect(first).toMatchObject({
      txt: 'Why do you want to work in logistics?',
      ansRule: VIDEO,
      timeLimit: 3,
    });
    expect(first.desc).not.toContain('script');
    expect(first).not.toHaveProperty('scoring');
    const second = await save(member, {
      txt: 'כתוב/כתבי פונקציה שממיינת רשימה',
      ansRule: { ...VIDEO, isVidAns: false, isCodeAns: true },
      timeLimit: 15,
    });

    // A colleague sees both; newest first.
    expect((await list(owner)).map((q) => q._id)).toEqual([second._id, first._id]);
    expect((await list(member)).map((q) => q._id)).toEqual([second._id, first._id]);
    expect((await list(owner, '?q=LOGISTICS')).map((q) => q._id)).toEqual([first._id]);
    expect((await list(owner, `?q=${encodeURIComponent('פונקציה')}`)).map((q) => q._id)).toEqual([
      second._id,
    ]);
    // LIKE wildcards are taken literally.
    expect(await list(owner, '?q=%25')).toEqual([]);
  });

  it('shows no organisation another one’s questions and refuses to delete them (404)', async () => {
    const mine = await save(owner, {
      txt: 'Describe your best shift',
      ansRule: VIDEO,
      timeLimit: 2,
    });
    const theirs = await list(stranger);
    expect(theirs.map((q) => q._id)).not.toContain(mine._id);
    expect(await list(stranger, '?q=shift')).toEqual([]);

    const refused = await call(stranger, 'DELETE', `/api/question-library/${mine._id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ key: 'NOT_FOUND_ERR' });
    const kept = await t.app.db
      .select()
      .from(savedQuestions)
      .where(eq(savedQuestions.id, mine._id));
    expect(kept).toHaveLength(1);

    const anonymous = await call(null, 'GET', '/api/question-library');
    expect(anonymous.statusCode).toBe(401);
  });

  it('deletes a saved question (a colleague may), then it is gone', async () => {
    const doomed = await save(owner, {
      txt: 'Tell us about a hard week',
      ansRule: VIDEO,
      timeLimit: 2,
    });
    const removed = await call(member, 'DELETE', `/api/question-library/${doomed._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list(owner)).map((q) => q._id)).not.toContain(doomed._id);
    const again = await call(owner, 'DELETE', `/api/question-library/${doomed._id}`);
    expect(again.statusCode).toBe(404);
    const malformed = await call(owner, 'DELETE', '/api/question-library/not-a-uuid');
    expect(malformed.statusCode).toBe(404);
  });

  it('refuses bad input with 400 and saves nothing', async () => {
    const before = (await list(owner)).length;
    const cases: Record<string, unknown>[] = [
      { txt: '   ', ansRule: VIDEO, timeLimit: 2 },
      { txt: 'Two types', ansRule: { ...VIDEO, isTxtAns: true }, timeLimit: 2 },
      { txt: 'Too long', ansRule: VIDEO, timeLimit: 31 },
      { txt: 'x'.repeat(1001), ansRule: VIDEO, timeLimit: 2 },
      {
        txt: 'Pick one',
        ansRule: { ...VIDEO, isVidAns: false, isMultiChoiceAns: true },
        opts: [{ txt: 'Only' }],
        timeLimit: 2,
      },
    ];
    for (const body of cases) {
      const response = await call(owner, 'POST', '/api/question-library', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, key: 'VALIDATION_ERR' });
    }
    expect((await list(owner)).length).toBe(before);
  });
});
