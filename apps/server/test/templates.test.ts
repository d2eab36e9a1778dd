import {
  PLANS,
  UNNAMED_TEMPLATE_TITLE,
  VALIDATION_KEYS,
  type Template,
  type TemplateListResponse,
} from '@candid/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, templates } from '../src/db/schema';
import type { SignedUp } from './factories';
import { createTestClock } from './helpers';
import { accountWith, callAs, issueMessages, questionPayload } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

const BUILT_IN_TITLES = ['General introduction', 'Customer support', 'Software engineer'];

function templatePayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Sales rep',
    coverUrl: '/api/covers/city-skyline.svg',
    quests: [questionPayload('video', { timeLimit: 2 })],
    ...overrides,
  };
}

describe.each(testDbKinds())('templates on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  let owner: SignedUp;
  let colleague: SignedUp;
  let stranger: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_PER_MINUTE: '100000' }, undefined, {
      now: clock.now,
    });
    owner = await accountWith(t.app, { fName: 'Rina' });
    colleague = await accountWith(t.app, { orgId: owner.user.companyId!, fName: 'Omer' });
    stranger = await accountWith(t.app, { fName: 'Eve' });
  });
  afterAll(async () => t?.close());

  const as = (account: SignedUp | null) => callAs(t.app, account);

  async function createTemplate(
    account: SignedUp,
    template = templatePayload(),
  ): Promise<Template> {
    clock.advance(1000);
    const response = await as(account)('POST', '/api/template', template);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Template;
  }

  async function defaults(account: SignedUp): Promise<Template[]> {
    const response = await as(account)('GET', '/api/template/default');
    expect(response.statusCode).toBe(200);
    return response.json() as Template[];
  }

  async function templateActivities(templateId: string): Promise<string[]> {
    const rows = await t.app.db
      .select({ type: activities.type })
      .from(activities)
      .where(
        and(
          eq(activities.target, 'template'),
          sql`${activities.meta}->>'templateId' = ${templateId}`,
        ),
      )
      .orderBy(activities.date);
    return rows.map((row) => row.type);
  }

  it('requires a login and the TEMPLATES permission for every call', async () => {
    const id = '6f1c2a10-0000-4000-8000-000000000001';
    const calls = [
      ['GET', '/api/template'],
      ['GET', '/api/template/default'],
      ['GET', `/api/template/${id}`],
      ['POST', '/api/template'],
      ['PUT', '/api/template'],
      ['DELETE', `/api/template/${id}`],
      ['PUT', `/api/template/${id}/archive`],
      ['PUT', `/api/template/${id}/default`],
    ] as const;
    const professional = await accountWith(t.app, { perm: PLANS.PROFESSIONAL });
    for (const [method, url] of calls) {
      const payload = method === 'POST' || method === 'PUT' ? {} : undefined;
      expect((await as(null)(method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await as(professional)(method, url, payload);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json()).toMatchObject({ key: 'FORBIDDEN_ERR' });
    }
    const granted = await accountWith(t.app, {
      perm: PLANS.STARTER,
      advancedPrm: { TEMPLATES: true },
    });
    expect((await as(granted)('GET', '/api/template')).statusCode).toBe(200);
  });

  it('offers the built-in templates to every organisation, read-only', async () => {
    const builtIns = await defaults(stranger);
    expect(builtIns.map((template) => template.title)).toEqual(BUILT_IN_TITLES);
    for (const template of builtIns) {
      expect(template.owner).toEqual({ fName: 'Candid' });
      expect(template.isDefault).toBe(false);
      expect(template.quests.length).toBeGreaterThanOrEqual(3);
      expect(template.coverUrl).toMatch(/^\/api\/covers\/[a-z-]+\.svg$/);
      const cover = await as(null)('GET', template.coverUrl);
      expect(cover.statusCode, template.coverUrl).toBe(200);
    }
    const [builtIn] = builtIns;
    expect((await as(owner)('GET', `/api/template/${builtIn!._id}`)).json()).toEqual(builtIn);
    // Not part of the organisation's own overview.
    const list = (await as(stranger)('GET', '/api/template')).json() as TemplateListResponse;
    expect(list.totalTemplateCount).toBe(0);

    for (const [method, url, payload] of [
      ['PUT', '/api/template', { ...builtIn, title: 'Mine now' }],
      ['DELETE', `/api/template/${builtIn!._id}`, undefined],
      ['PUT', `/api/template/${builtIn!._id}/archive`, undefined],
      ['PUT', `/api/template/${builtIn!._id}/default`, undefined],
    ] as const) {
      const response = await as(owner)(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await defaults(owner)).map((template) => template.title)).toEqual(BUILT_IN_TITLES);
  });

  it("offers the built-in templates in the recruiter's language", async () => {
    const hebrew = await as(stranger)('GET', '/api/template/default?lang=he');
    expect(hebrew.statusCode).toBe(200);
    const titles = (hebrew.json() as Template[]).map((template) => template.title);
    expect(titles).toEqual(['היכרות כללית', 'שירות לקוחות', 'מהנדס/ת תוכנה']);
    const [general] = hebrew.json() as Template[];
    expect(general!.quests[0]!.txt).toBe('הציגו את עצמכם');
    expect((await as(stranger)('GET', '/api/template/default?lang=en')).json()).toEqual(
      await defaults(stranger),
    );
    const bad = await as(stranger)('GET', '/api/template/default?lang=fr');
    expect(bad.statusCode).toBe(400);
  });

  it('creates a template: blank title named with date and time, time limit default 1, HTML sanitised', async () => {
    const template = await createTemplate(
      owner,
      templatePayload({
        title: '   ',
        quests: [
          questionPayload('video', {
            timeLimit: undefined,
            desc: '<p>Hi<img src=x onerror=alert(1)></p><script>x()</script>',
          }),
          questionPayload('text', { id: 'q-text' }),
        ],
      }),
    );
    expect(template.title).toMatch(
      new RegExp(`^${UNNAMED_TEMPLATE_TITLE} \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`),
    );
    expect(template.owner).toEqual({ _id: owner.user._id, fName: 'Rina' });
    expect(template.quests[0]!.timeLimit).toBe(1);
    expect(template.quests[0]!.id).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(template.quests[0]!.desc).toBe('<p>Hi</p>');
    expect(template.quests[1]!.id).toBe('q-text');
    expect(template).toMatchObject({ isDefault: false, archivedAt: null });
    expect(await templateActivities(template._id)).toEqual(['create']);
  });

  it("names a blank title in the language of the account it is saved for (an API client's too)", async () => {
    const hebrew = await accountWith(t.app, { fName: 'Dana' });
    await t.app.db.execute(sql`update users set language = 'he' where id = ${hebrew.user._id}`);
    const template = await createTemplate(
      hebrew,
      templatePayload({ title: '', quests: [questionPayload('video')] }),
    );
    expect(template.title).toMatch(/^תבנית ללא שם \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const renamed = await as(hebrew)('PUT', '/api/template', { ...template, title: ' ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as Template).title.startsWith('תבנית ללא שם ')).toBe(true);
  });

  it('rejects invalid templates with 400 and the domain key, writing nothing', async () => {
    const [before] = await t.app.db.select({ value: sql<number>`count(*)` }).from(templates);
    const cases: [Record<string, unknown>, string][] = [
      [
        templatePayload({ quests: [questionPayload('video', { txt: ' ' })] }),
        VALIDATION_KEYS.REQUIRED_VALIDATE,
      ],
      [
        templatePayload({ quests: [questionPayload('video', { timeLimit: 45 })] }),
        VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE,
      ],
      [
        templatePayload({ quests: [questionPayload('image')] }),
        VALIDATION_KEYS.ANSWER_TYPE_NOT_ACCEPTED,
      ],
      [templatePayload({ quests: [] }), VALIDATION_KEYS.QUESTIONS_REQUIRED],
    ];
    for (const [template, key] of cases) {
      const response = await as(owner)('POST', '/api/template', template);
      expect(response.statusCode, key).toBe(400);
      expect(issueMessages(response)).toContain(key);
    }
    const [after] = await t.app.db.select({ value: sql<number>`count(*)` }).from(templates);
    expect(Number(after?.value)).toBe(Number(before?.value));
  });

  it("gates template answer types by the author's plan", async () => {
    const granted = await accountWith(t.app, {
      perm: PLANS.STARTER,
      advancedPrm: { TEMPLATES: true },
    });
    const text = await as(granted)(
      'POST',
      '/api/template',
      templatePayload({ quests: [questionPayload('text')] }),
    );
    expect(text.statusCode).toBe(403);
    await createTemplate(granted);
  });

  it('lists the organisation templates oldest first, searched, paged, with counts', async () => {
    const lister = await accountWith(t.app, { fName: 'Lea' });
    for (let i = 1; i <= 32; i += 1) {
      await createTemplate(
        lister,
        templatePayload({ title: `Template ${String(i).padStart(2, '0')}` }),
      );
    }
    const first = (await as(lister)('GET', '/api/template')).json() as TemplateListResponse;
    expect(first).toMatchObject({
      pageCount: 2,
      filteredTemplateCount: 32,
      totalTemplateCount: 32,
    });
    expect(first.templates).toHaveLength(30);
    expect(first.templates[0]).toMatchObject({ title: 'Template 01', owner: { fName: 'Lea' } });
    const second = (
      await as(lister)('GET', '/api/template?currPage=2')
    ).json() as TemplateListResponse;
    expect(second.templates.map((template) => template.title)).toEqual([
      'Template 31',
      'Template 32',
    ]);
    expect(second).toMatchObject({ pageCount: 2, filteredTemplateCount: 32 });
    // A page past the end, and a search without a match, still answer their counts.
    expect((await as(lister)('GET', '/api/template?currPage=5')).json()).toEqual({
      templates: [],
      pageCount: 2,
      filteredTemplateCount: 32,
      totalTemplateCount: 32,
    });
    expect((await as(lister)('GET', '/api/template?txt=nothing-like-this')).json()).toEqual({
      templates: [],
      pageCount: 0,
      filteredTemplateCount: 0,
      totalTemplateCount: 32,
    });

    const search = (
      await as(lister)('GET', '/api/template?txt=%20template%2003%20')
    ).json() as TemplateListResponse;
    expect(search).toMatchObject({ filteredTemplateCount: 1, totalTemplateCount: 32 });
    expect(search.templates[0]!.title).toBe('Template 03');

    const archived = await as(lister)('PUT', `/api/template/${first.templates[0]!._id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect((archived.json() as Template).archivedAt).not.toBeNull();
    const active = (await as(lister)('GET', '/api/template')).json() as TemplateListResponse;
    expect(active.totalTemplateCount).toBe(31);
    const archive = (
      await as(lister)('GET', '/api/template?showArchived=true')
    ).json() as TemplateListResponse;
    expect(archive.templates.map((template) => template.title)).toEqual(['Template 01']);

    const restored = await as(lister)('PUT', `/api/template/${first.templates[0]!._id}/archive`);
    expect((restored.json() as Template).archivedAt).toBeNull();
    expect(await templateActivities(first.templates[0]!._id)).toEqual([
      'create',
      'archive',
      'restore',
    ]);
  });

  it('keeps one default per organisation: setting one clears the previous first', async () => {
    const a = await createTemplate(owner, templatePayload({ title: 'Default A' }));
    const b = await createTemplate(colleague, templatePayload({ title: 'Default B' }));
    const other = await createTemplate(stranger, templatePayload({ title: 'Stranger default' }));
    expect((await as(stranger)('PUT', `/api/template/${other._id}/default`)).statusCode).toBe(200);

    const setA = await as(owner)('PUT', `/api/template/${a._id}/default`);
    expect((setA.json() as Template).isDefault).toBe(true);
    expect((await defaults(owner)).map((template) => template.title)).toEqual([
      'Default A',
      ...BUILT_IN_TITLES,
    ]);

    const setB = await as(colleague)('PUT', `/api/template/${b._id}/default`);
    expect((setB.json() as Template).isDefault).toBe(true);
    expect(((await as(owner)('GET', `/api/template/${a._id}`)).json() as Template).isDefault).toBe(
      false,
    );
    expect((await defaults(owner)).map((template) => template.title)).toEqual([
      'Default B',
      ...BUILT_IN_TITLES,
    ]);
    // Another organisation's default is untouched.
    expect((await defaults(stranger))[0]!.title).toBe('Stranger default');

    // Saving with isDefault moves the default too.
    const saved = await as(owner)('PUT', '/api/template', { ...a, isDefault: true });
    expect((saved.json() as Template).isDefault).toBe(true);
    expect(((await as(owner)('GET', `/api/template/${b._id}`)).json() as Template).isDefault).toBe(
      false,
    );

    // Toggling the default again clears it.
    const cleared = await as(owner)('PUT', `/api/template/${a._id}/default`);
    expect((cleared.json() as Template).isDefault).toBe(false);
    expect((await defaults(owner)).map((template) => template.title)).toEqual(BUILT_IN_TITLES);

    // An archived template stops being the default and cannot become it.
    await as(owner)('PUT', `/api/template/${a._id}/default`);
    const archived = (await as(owner)('PUT', `/api/template/${a._id}/archive`)).json() as Template;
    expect(archived.isDefault).toBe(false);
    expect((await as(owner)('PUT', `/api/template/${a._id}/default`)).statusCode).toBe(400);

    const [row] = await t.app.db
      .select({ value: sql<number>`count(*)` })
      .from(templates)
      .where(and(eq(templates.orgId, owner.user.companyId!), eq(templates.isDefault, true)));
    expect(Number(row?.value)).toBe(0);
  });

  it('updates and deletes templates of the organisation', async () => {
    const template = await createTemplate(owner);
    const updated = await as(colleague)('PUT', '/api/template', {
      ...template,
      title: 'Renamed',
      quests: [...template.quests, questionPayload('code', { txt: 'FizzBuzz', timeLimit: 30 })],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      _id: template._id,
      title: 'Renamed',
      createdAt: template.createdAt,
      owner: { _id: owner.user._id },
    });
    expect((updated.json() as Template).quests).toHaveLength(2);

    const blank = await as(owner)('PUT', '/api/template', { ...template, title: '' });
    expect((blank.json() as Template).title.startsWith(UNNAMED_TEMPLATE_TITLE)).toBe(true);
    expect(
      (await as(owner)('PUT', '/api/template', { ...template, _id: undefined })).statusCode,
    ).toBe(400);

    expect((await as(owner)('DELETE', `/api/template/${template._id}`)).statusCode).toBe(200);
    expect((await as(owner)('GET', `/api/template/${template._id}`)).statusCode).toBe(404);
    expect(await templateActivities(template._id)).toEqual([
      'create',
      'update',
      'update',
      'remove',
    ]);
  });

  it("hides another organisation's templates: not readable, writable or deletable", async () => {
    const template = await createTemplate(owner, templatePayload({ title: 'Private template' }));
    const asStranger = as(stranger);
    for (const [method, url, payload] of [
      ['GET', `/api/template/${template._id}`, undefined],
      ['PUT', '/api/template', { ...template, title: 'Hacked' }],
      ['DELETE', `/api/template/${template._id}`, undefined],
      ['PUT', `/api/template/${template._id}/archive`, undefined],
      ['PUT', `/api/template/${template._id}/default`, undefined],
    ] as const) {
      const response = await asStranger(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ key: 'NOT_FOUND_ERR' });
    }
    const list = (
      await asStranger('GET', '/api/template?txt=private')
    ).json() as TemplateListResponse;
    expect(list.templates).toEqual([]);
    expect((await as(owner)('GET', `/api/template/${template._id}`)).json()).toMatchObject({
      title: 'Private template',
      isDefault: false,
      archivedAt: null,
    });
    expect((await as(owner)('GET', '/api/template/not-a-uuid')).statusCode).toBe(404);
  });
});
