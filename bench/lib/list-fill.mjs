// The data of the list benchmark (bench/lists.mjs): one recruiter's jobs and applicants, filled
// set-based in arrival order, and the admin side's accounts, log records and activities. Kept
// apart from the measuring so each file reads as one thing.
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const { createUser } = await import(
  path.join(ROOT, 'apps/server/src/modules/users/users.service.ts')
);
const { hashPassword } = await import(path.join(ROOT, 'apps/server/src/modules/auth/passwords.ts'));
const { defaultQuestion, makeRandomId } = await import(
  path.join(ROOT, 'packages/domain/src/index.ts')
);

const FIRST_NAMES = [
  'David',
  'Daniel',
  'Noa',
  'Tamar',
  'Yael',
  'Michael',
  'Sarah',
  'Avi',
  'Yosef',
  'Maya',
  'Omer',
  'Shira',
  'Eitan',
  'Lior',
  'Amit',
  'Ron',
  'Dana',
  'Gal',
  'Itai',
  'Roni',
  'James',
  'Emily',
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Ethan',
  'Sophia',
  'Mason',
  'Isabella',
  'Lucas',
  'Mia',
  'Benjamin',
  'Charlotte',
  'Elijah',
  'Amelia',
  'Oliver',
  'Harper',
  'Jacob',
  'Evelyn',
  'Alexander',
  'Abigail',
  'Henry',
  'Ella',
  'Sebastian',
  'Scarlett',
  'Jack',
  'Grace',
  'Samuel',
  'Chloe',
  'Owen',
  'Lily',
  'Nathan',
  'Hannah',
  'Adam',
  'Leah',
  'Ariel',
  'Rachel',
  'Jonathan',
];
const LAST_NAMES = [
  'Cohen',
  'Levi',
  'Mizrahi',
  'Peretz',
  'Biton',
  'Dahan',
  'Avraham',
  'Friedman',
  'Azoulay',
  'Katz',
  'Malka',
  'Amar',
  'Ohana',
  'Golan',
  'Shapiro',
  'Ben-David',
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
];
const TOWNS = [
  'Tel Aviv',
  'Jerusalem',
  'Haifa',
  'Beersheba',
  'Netanya',
  'Holon',
  'Ramat Gan',
  'Rehovot',
  'Ashdod',
  'Herzliya',
  'Eilat',
  'Nazareth',
  'London',
  'Manchester',
  'New York',
  'Boston',
  'Chicago',
  'Berlin',
  'Paris',
  'Madrid',
  'Toronto',
  'Austin',
  'Seattle',
  'Denver',
  '',
];
const TITLES = [
  'Backend Developer',
  'Frontend Developer',
  'Full Stack Engineer',
  'Data Analyst',
  'Product Manager',
  'QA Engineer',
  'DevOps Engineer',
  'UX Designer',
  'Sales Representative',
  'Customer Success Manager',
  'Marketing Specialist',
  'HR Coordinator',
  'Accountant',
  'Warehouse Associate',
  'Delivery Driver',
  'Store Manager',
  'Nurse',
  'Teacher',
  'Mobile Developer',
  'Security Analyst',
];
const LEVELS = ['Junior', 'Senior', 'Lead', 'Principal', 'Associate', ''];
const JOB_TOWNS = ['Tel Aviv', 'Haifa', 'Jerusalem', 'Remote', 'London', 'New York', 'Berlin'];

const arrayLiteral = (items) =>
  `array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * Set-based fill: jobs `jobFrom..jobTo` (1-based) then applicants `from..to` spread over every job
 * so far, dates over two years, 30 % incomplete, 5 % archived, three answers each. Rows are
 * written in the order they would have arrived (dates rise with the row number, a few hours of
 * jitter), as a real table grows: filled in random date order, a list's index entries pointed
 * all over the table, so an index-only walk changed visibility-map pages at nearly every entry
 * (17,000 buffer reads for page 1,000's 30,000 entries, 12 ms; 4.7 ms in arrival order).
 */
export async function fill(db, ctx, { jobFrom, jobTo, from, to }) {
  const quests = [
    defaultQuestion(makeRandomId()),
    defaultQuestion(makeRandomId()),
    defaultQuestion(makeRandomId()),
  ];
  quests[1].txt = 'Why this role?';
  quests[2].txt = 'A project you are proud of';
  const [q1, q2, q3] = quests.map((quest) => quest.id);
  await db.run(
    `insert into jobs (org_id, owner_id, title, location, description, quests, created_at)
     select $1, $2,
       trim(( ${arrayLiteral(LEVELS)})[1 + (i * 7) % ${LEVELS.length}] || ' ' || (${arrayLiteral(TITLES)})[1 + i % ${TITLES.length}]),
       (${arrayLiteral(JOB_TOWNS)})[1 + (i * 3) % ${JOB_TOWNS.length}],
       '<p>We are hiring.</p>', $3::jsonb,
       now() - interval '730 days' * (1 - i::float8 / $5::int) - random() * interval '3 hours'
     from generate_series($4::int, $5::int) as i`,
    [ctx.orgId, ctx.userId, JSON.stringify(quests), jobFrom, jobTo],
  );
  await db.exec(
    `create temporary table if not exists bench_job_ids (n serial primary key, id uuid)`,
  );
  await db.exec(`truncate bench_job_ids restart identity`);
  await db.run(`insert into bench_job_ids (id) select id from jobs where org_id = $1 order by id`, [
    ctx.orgId,
  ]);
  const jobCount = jobTo;
  const batch = 250_000;
  for (let start = from; start <= to; start += batch) {
    const end = Math.min(to, start + batch - 1);
    await db.run(
      `insert into applicants (org_id, job_id, f_name, l_name, email, phone, hometown, status,
         sent_at, opened_at, submitted_at, quited_at, is_read, is_free, answer_map, created_at,
         updated_at, archived_at)
       select $1, j.id, g.f, g.l,
         lower(replace(g.f || '.' || g.l, ' ', '')) || g.i || '@' || (array['gmail.com','outlook.com','example.com','walla.co.il'])[1 + g.i % 4],
         '+9725' || lpad(((g.i::bigint * 7919) % 100000000)::text, 8, '0'),
         g.town,
         case when g.kind = 'submitted' then (g.i % 8) else 0 end,
         g.created, g.created,
         case when g.kind = 'submitted' then g.created + interval '20 minutes' end,
         case when g.kind = 'incomplete' then g.created + interval '5 minutes' end,
         g.i % 2 = 0, g.i % 10 = 0,
         case when g.kind = 'opened' then '{}'::jsonb else jsonb_build_object(
           $3::text, jsonb_build_object('resTime', 60, 'faceKey', 'bench/' || g.i || '/1.webm'),
           $4::text, jsonb_build_object('resTime', 45, 'txt', 'Because I like building things that matter.'),
           $5::text, jsonb_build_object('resTime', 90, 'faceKey', 'bench/' || g.i || '/3.webm')) end,
         g.created, g.created,
         case when g.i % 20 = 0 then g.created + interval '30 days' end
       from (
         select i,
           (${arrayLiteral(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length})::int] as f,
           (${arrayLiteral(LAST_NAMES)})[1 + floor(random() * ${LAST_NAMES.length})::int] as l,
           (${arrayLiteral(TOWNS)})[1 + floor(random() * ${TOWNS.length})::int] as town,
           case when i % 10 < 3 then 'incomplete' when i % 20 = 19 then 'opened' else 'submitted' end as kind,
           now() - interval '730 days' * (1 - i::float8 / $8::int) - random() * interval '3 hours'
             as created,
           1 + (i * 7) % $2::int as job_n
         from generate_series($6::int, $7::int) as i
       ) g join bench_job_ids j on j.n = g.job_n`,
      [ctx.orgId, jobCount, q1, q2, q3, start, end, to],
    );
  }
}

/** The bench recruiter (created once; a kept database already has it, and its data). */
export async function seed(db, app) {
  /** A bench account (password Bench1234), read back when a kept database already has it. */
  const account = async (email, lName, role) => {
    const { rows } = await db.run(
      `select id, org_id as "orgId", email from users where email = $1`,
      [email],
    );
    return (
      rows[0] ??
      (await createUser(db.handle.db, {
        fName: 'Bench',
        lName,
        email,
        passwordHash: await hashPassword('Bench1234'),
        role,
        perm: 999,
        emailVerified: true,
        language: 'en',
      }))
    );
  };
  const user = await account('bench@example.com', 'Recruiter', 'user');
  const admin = await account('bench-admin@example.com', 'Admin', 'admin');
  const loginAs = async (email) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Bench1234' },
    });
    if (response.statusCode !== 200)
      throw new Error(`login: ${response.statusCode} ${response.body}`);
    return response.json().accessToken;
  };
  const login = () => loginAs(user.email);
  const adminLogin = () => loginAs(admin.email);
  // Kept from an earlier run when its applicants are there (a fill cut short starts again).
  const filled = (
    await db.run('select exists (select 1 from applicants where org_id = $1) as "any"', [
      user.orgId,
    ])
  ).rows[0].any;
  // A template overview of 60 templates.
  if (!filled)
    await db.run(
      `insert into templates (org_id, owner_id, title, name, quests, created_at)
     select $1, $2, 'Template ' || i, 'Screening ' || i, '[]'::jsonb, now() - (i * interval '1 day')
     from generate_series(1, 60) as i`,
      [user.orgId, user.id],
    );
  return {
    orgId: user.orgId,
    userId: user.id,
    accessToken: await login(),
    login,
    adminLogin,
    /** The organisation's reviewer, assigned to REVIEWER_JOBS jobs (assignReviewer). */
    reviewerLogin: () => loginAs('bench-reviewer@example.com'),
    filled,
  };
}

/** How many of the organisation's jobs the bench's reviewer is on (a hiring panel's share). */
export const REVIEWER_JOBS = 5;

/**
 * A reviewer of the bench's organisation (docs/features.md, "Team and roles") on REVIEWER_JOBS
 * of its jobs, spread over the list (the 1st, 2nd, … fifth of the jobs by creation), so their
 * lists read applicants from across the table. Kept databases get them on the next run.
 */
export async function assignReviewer(db, ctx) {
  const { rows } = await db.run(`select id from users where email = 'bench-reviewer@example.com'`);
  let reviewerId = rows[0]?.id;
  if (!reviewerId) {
    const created = await createUser(db.handle.db, {
      fName: 'Bench',
      lName: 'Reviewer',
      email: 'bench-reviewer@example.com',
      passwordHash: await hashPassword('Bench1234'),
      role: 'user',
      perm: 999,
      emailVerified: true,
      language: 'en',
      orgId: ctx.orgId,
      orgRole: 'reviewer',
    });
    reviewerId = created.id;
  }
  await db.run(
    `insert into job_reviewers (job_id, user_id, org_id)
     select id, $2, $1 from (
       select id, row_number() over (partition by part order by created_at, id) as k
       from (select id, created_at, ntile(${REVIEWER_JOBS}) over (order by created_at, id) as part
             from jobs where org_id = $1) parts) firsts
     where k = 1
     on conflict do nothing`,
    [ctx.orgId, reviewerId],
  );
  return reviewerId;
}

/**
 * The admin side ("and the admin lists"): size / 10 accounts in size / 100
 * organisations (last logins over a year, a tenth never), size log records and size activities
 * over a year, in date order, plus one admin who reads them. Kept databases get it on the next
 * run (it is filled apart from the applicants).
 */
export async function fillAdmin(db, ctx, size) {
  const users = Math.max(10, Math.round(size / 10));
  const orgs = Math.max(1, Math.round(size / 100));
  await db.run(
    `insert into organizations (name) select 'Bench Company ' || i from generate_series(1, $1::int) as i`,
    [orgs],
  );
  await db.exec(
    `create temporary table if not exists bench_org_ids (n serial primary key, id uuid)`,
  );
  await db.exec(`truncate bench_org_ids restart identity`);
  await db.run(
    `insert into bench_org_ids (id) select id from organizations where name like 'Bench Company %' order by id`,
  );
  await db.run(
    `insert into users (org_id, f_name, l_name, email, company_name, perm, role, org_role,
       email_verified, last_login, created_at)
     select o.id, g.f, g.l, 'bench-user-' || g.i || '@' || (array['gmail.com','outlook.com','acme.io'])[1 + g.i % 3],
       'Bench Company ' || (1 + g.i % $2::int), (array[1, 3, 999])[1 + g.i % 3],
       case when g.i % 500 = 0 then 'admin' else 'user' end,
       case when g.i % 10 = 0 then 'owner' else 'member' end, true,
       case when g.i % 10 <> 5 then now() - random() * interval '365 days' end,
       now() - interval '730 days' * (1 - g.i::float8 / $1::int)
     from (
       select i,
         (${arrayLiteral(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length})::int] as f,
         (${arrayLiteral(LAST_NAMES)})[1 + floor(random() * ${LAST_NAMES.length})::int] as l
       from generate_series(1, $1::int) as i
     ) g join bench_org_ids o on o.n = 1 + g.i % $2::int`,
    [users, orgs],
  );
  const messages = [
    'Request failed with status code 500',
    'Network Error',
    'Upload part failed, retrying',
    'Camera permission denied',
    'ChunkLoadError: Loading chunk failed',
    'Token expired',
    'Validation failed: email',
    'Slow query on applicant list',
    'Mail delivery deferred',
    'Face check timed out',
  ];
  const batch = 250_000;
  for (let start = 1; start <= size; start += batch) {
    const end = Math.min(size, start + batch - 1);
    await db.run(
      `insert into log_records (timestamp, level, message, source, trace_id, status_code, meta)
       select now() - interval '365 days' * (1 - i::float8 / $3::int) - random() * interval '1 hour',
         (array['error','error','warn','warn','info','info','info','http','http','debug'])[1 + i % 10],
         (${arrayLiteral(messages)})[1 + (i * 7) % ${messages.length}] || ' #' || i,
         case when i % 3 = 0 then 'frontend' else 'backend' end,
         'trace-' || i,
         case when i % 3 <> 0 then (array[200, 201, 400, 401, 403, 404, 409, 500, 503])[1 + i % 9] end,
         case when i % 5 <> 0 then jsonb_build_object('user', jsonb_build_object(
             'fName', (${arrayLiteral(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}],
             'lName', (${arrayLiteral(LAST_NAMES)})[1 + (i / 7) % ${LAST_NAMES.length}],
             'email', 'bench-user-' || (i % $4::int) || '@gmail.com', 'companyName', 'Bench Company ' || (i % 977),
             '_id', md5('bench-user-' || (i % $4::int))::uuid))
           || case when i % 3 = 1 then jsonb_build_object('applicant', jsonb_build_object('id', 'a' || i,
             'info', jsonb_build_object('fName', (${arrayLiteral(FIRST_NAMES)})[1 + (i / 3) % ${FIRST_NAMES.length}],
               'lName', (${arrayLiteral(LAST_NAMES)})[1 + (i / 11) % ${LAST_NAMES.length}]))) else '{}'::jsonb end
           else '{}'::jsonb end
       from generate_series($1::int, $2::int) as i`,
      [start, end, size, users],
    );
    await db.run(
      `insert into activities (date, type, target, description, user_id, org_id)
       select now() - interval '365 days' * (1 - i::float8 / $3::int) - random() * interval '1 hour',
         (array['create','update','remove','login'])[1 + i % 4],
         (array['job','applicant','template','user'])[1 + (i / 4) % 4],
         'Bench activity ' || i, u.id, u.org_id
       from generate_series($1::int, $2::int) as i
       join (select id, org_id, row_number() over (order by id) as n from users
             where email like 'bench-user-%') u on u.n = 1 + i % $4::int`,
      [start, end, size, users],
    );
  }
}
