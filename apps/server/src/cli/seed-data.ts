import { answerRuleFor, type AnswerType, type ApplicantStatusCode } from '@candid/domain';

/**
 * What `npm run seed` writes for the demo recruiter: its jobs, templates and applicants. The
 * code that writes them is seed.ts.
 */

interface SeedQuestion {
  txt: string;
  desc: string;
  type: AnswerType;
  timeLimit: number;
  opts?: { txt: string; isCorrect: boolean }[];
}

export function question(q: SeedQuestion) {
  return {
    txt: q.txt,
    desc: q.desc,
    vidUrl: '',
    timeLimit: q.timeLimit,
    ansRule: answerRuleFor(q.type),
    ...(q.opts ? { opts: q.opts } : {}),
  };
}

const INTRO: SeedQuestion = {
  txt: 'Introduce yourself',
  desc: '<p>Tell us a bit about yourself and what brings you to this role.</p>',
  type: 'video',
  timeLimit: 2,
};

export const JOBS: {
  title: string;
  location: string;
  desc: string;
  cover: string;
  isOneTry: boolean;
  isCvRequired: boolean;
  quests: SeedQuestion[];
  archived?: boolean;
}[] = [
  {
    title: 'Senior Frontend Engineer',
    location: 'Tel Aviv · Hybrid',
    desc: '<p>Build the interfaces recruiters and candidates use every day. <strong>React, TypeScript</strong> and a love for detail.</p>',
    cover: 'tech-network',
    isOneTry: false,
    isCvRequired: true,
    quests: [
      INTRO,
      {
        txt: 'A project you are proud of',
        desc: '<p>What did you build, and what would you do differently today?</p>',
        type: 'video',
        timeLimit: 5,
      },
      {
        txt: 'Reverse a string',
        desc: '<p>Write a function that reverses a string without using <code>reverse()</code>.</p>',
        type: 'code',
        timeLimit: 10,
      },
      {
        txt: 'Which hook runs after every render by default?',
        desc: '',
        type: 'multipleChoice',
        timeLimit: 1,
        opts: [
          { txt: 'useMemo', isCorrect: false },
          { txt: 'useEffect', isCorrect: true },
          { txt: 'useRef', isCorrect: false },
        ],
      },
    ],
  },
  {
    title: 'Customer Success Manager',
    location: 'Haifa',
    desc: '<p>Help our customers hire faster. You will own onboarding and renewals.</p>',
    cover: 'community-circles',
    isOneTry: true,
    isCvRequired: false,
    quests: [
      INTRO,
      {
        txt: 'A difficult customer',
        desc: '<p>Tell us about a time you turned an unhappy customer around.</p>',
        type: 'video',
        timeLimit: 5,
      },
      {
        txt: 'Why this company?',
        desc: '',
        type: 'text',
        timeLimit: 5,
      },
    ],
  },
  {
    title: 'Product Designer',
    location: 'Remote (Israel)',
    desc: '<p>Shape the candidate experience on phones and laptops, in English and Hebrew.</p>',
    cover: 'geometric-gradient',
    isOneTry: true,
    isCvRequired: true,
    quests: [
      INTRO,
      {
        txt: 'Walk us through your portfolio',
        desc: '<p>Share your screen and show one case study from problem to outcome.</p>',
        type: 'screen',
        timeLimit: 10,
      },
      {
        txt: 'A sketch of your favourite app screen',
        desc: '<p>Upload a photo or screenshot.</p>',
        type: 'image',
        timeLimit: 5,
      },
    ],
  },
  {
    title: 'Sales Development Representative',
    location: 'Tel Aviv',
    desc: '<p>Start conversations with recruiting teams across EMEA.</p>',
    cover: 'city-skyline',
    isOneTry: false,
    isCvRequired: false,
    quests: [
      INTRO,
      {
        txt: 'Sell us this pen',
        desc: '<p>You have one minute.</p>',
        type: 'video',
        timeLimit: 1,
      },
    ],
  },
  {
    title: 'Office Manager',
    location: 'Jerusalem',
    desc: '<p>Keep our Jerusalem office running smoothly.</p>',
    cover: 'spring-meadow',
    isOneTry: false,
    isCvRequired: false,
    quests: [INTRO],
    archived: true,
  },
];

export const TEMPLATES: {
  title: string;
  cover: string;
  isDefault: boolean;
  quests: SeedQuestion[];
}[] = [
  {
    title: 'Engineering screen',
    cover: 'tech-network',
    isDefault: true,
    quests: [
      { ...INTRO, timeLimit: 2 },
      {
        txt: 'Explain a technical decision you made',
        desc: '<p>What were the options and why did you choose yours?</p>',
        type: 'video',
        timeLimit: 5,
      },
      {
        txt: 'FizzBuzz',
        desc: '<p>Print 1 to 100; multiples of 3 print Fizz, of 5 Buzz, of both FizzBuzz.</p>',
        type: 'code',
        timeLimit: 10,
      },
    ],
  },
  {
    title: 'Graduate programme',
    cover: 'sunset-hills',
    isDefault: false,
    quests: [
      { ...INTRO, timeLimit: 2 },
      {
        txt: 'Why do you want to join our graduate programme?',
        desc: '',
        type: 'text',
        timeLimit: 5,
      },
    ],
  },
];

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** A demo applicant: who, for which job, what happened and when, and what the recruiter wrote. */
interface SeedApplicant {
  jobTitle: string;
  info: { fName: string; lName: string; email: string; phone: string; hometown: string };
  /** When the interview was opened (and the applicant created). */
  daysAgo: number;
  outcome: 'submitted' | 'quited';
  /** Status changes in order; the last is the current status. */
  statuses: ApplicantStatusCode[];
  isRead: boolean;
  archived?: boolean;
  /** Answers of text and code questions, by question index. */
  texts?: Record<number, string>;
  /** Chosen options of multiple-choice questions, by question index. */
  choices?: Record<number, number[]>;
  /** A quit interview stops after this many questions. */
  answeredCount?: number;
  notes?: { txt: string; timeStamp?: string }[];
  cvFileName?: string;
}

export const APPLICANTS: SeedApplicant[] = [
  {
    jobTitle: 'Senior Frontend Engineer',
    info: {
      fName: 'Maya',
      lName: 'Ben-David',
      email: 'maya.bendavid@example.com',
      phone: '050-4821937',
      hometown: 'Tel Aviv',
    },
    daysAgo: 2,
    outcome: 'submitted',
    statuses: [2, 3],
    isRead: true,
    texts: {
      2: "function reverse(text) {\n  let out = '';\n  for (const ch of text) out = ch + out;\n  return out;\n}",
    },
    choices: { 3: [1] },
    notes: [
      {
        txt: 'Great energy from the first seconds; clear about what she wants.',
        timeStamp: '00:02',
      },
      { txt: 'Solid code answer: iterates by code point, so emoji survive.' },
    ],
    cvFileName: 'Maya Ben-David CV.pdf',
  },
  {
    jobTitle: 'Senior Frontend Engineer',
    info: {
      fName: 'Omer',
      lName: 'Katz',
      email: 'omer.katz@example.com',
      phone: '052-3318844',
      hometown: 'Ramat Gan',
    },
    daysAgo: 6,
    outcome: 'submitted',
    statuses: [4, 5],
    isRead: true,
    texts: { 2: "const reverse = (text) => [...text].reduceRight((out, ch) => out + ch, '');" },
    choices: { 3: [0] },
    notes: [{ txt: 'Offer sent on Sunday; waiting for his answer.' }],
  },
  {
    jobTitle: 'Customer Success Manager',
    info: {
      fName: 'Noa',
      lName: 'Friedman',
      email: 'noa.friedman@example.com',
      phone: '054-7712309',
      hometown: 'Haifa',
    },
    daysAgo: 1,
    outcome: 'submitted',
    statuses: [],
    isRead: false,
    texts: {
      2: 'You make hiring feel human. I have spent four years helping customers adopt software, and I would love to do that for a product candidates actually enjoy.',
    },
  },
  {
    jobTitle: 'Customer Success Manager',
    info: {
      fName: 'Yossi',
      lName: 'Mizrahi',
      email: 'yossi.mizrahi@example.com',
      phone: '058-2219004',
      hometown: 'Netanya',
    },
    daysAgo: 12,
    outcome: 'submitted',
    statuses: [1],
    isRead: true,
    texts: { 2: 'I am looking for a stable company close to home.' },
    notes: [{ txt: 'Not enough customer-facing experience yet; keep for a junior role.' }],
  },
  {
    jobTitle: 'Sales Development Representative',
    info: {
      fName: 'Tamar',
      lName: 'Shapiro',
      email: 'tamar.shapiro@example.com',
      phone: '053-6604471',
      hometown: 'Jerusalem',
    },
    daysAgo: 3,
    outcome: 'quited',
    statuses: [],
    isRead: false,
    answeredCount: 1,
  },
  {
    jobTitle: 'Sales Development Representative',
    info: {
      fName: 'Eli',
      lName: 'Peretz',
      email: 'eli.peretz@example.com',
      phone: '050-9907712',
      hometown: 'Beer Sheva',
    },
    daysAgo: 25,
    outcome: 'submitted',
    statuses: [6],
    isRead: true,
    archived: true,
    notes: [{ txt: 'Took another offer.' }],
  },
];
