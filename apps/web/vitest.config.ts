import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * Test files that replace a module (vi.mock), a global (vi.stubGlobal) or a browser prototype
 * beyond one test, or need a document nothing rendered into before: each runs in a module graph
 * (and a process) of its own, which costs a few seconds a file to set up jsdom and import the app
 * again. A stub the file undoes after each test (`vi.unstubAllGlobals()`, or a `vi.spyOn` that
 * `restoreMocks` restores) needs no isolation. The others share one per worker (`isolate:
 * false`): they render with the real modules and clean up after each test (vitest.setup.ts), and
 * setting up jsdom and importing the app afresh for each of them took over half the suite (608 s
 * isolated, about 200 s shared, on a slow two-core machine). A new test that mocks a module,
 * stubs a global for good, patches a prototype or starts from the document's first focus belongs
 * in this list, or in a group below when it mocks exactly what the group's files mock.
 */
const ISOLATED = [
  'src/interview/progress/components/question-step.test.tsx',
  'src/interview/progress/take-recorder.test.ts',
  'src/interview/onboarding/routes/onboarding-accommodation.test.tsx',
  'src/interview/onboarding/components/media-check-buttons.test.tsx',
  'src/backoffice/applicants/compare/routes/compare-page.test.tsx',
  'src/backoffice/applicants/player/interview-player.test.tsx',
  // Keyboard focus from the first Tab: a document that earlier files rendered into is not fresh.
  'src/common/i18n/language-switch.test.tsx',
];

/**
 * Files that mock the same modules with the same fakes (a `…-fakes` module each resets before
 * every test): they share one module graph among themselves, apart from every other file, so the
 * mocked modules are the same in each and the app is imported once, not once a file.
 */
const MOCK_GROUPS = {
  // The interview player and the applicant's live events (applicant-details-fakes.tsx).
  'applicant-details': [
    'src/backoffice/applicants/details/routes/applicant-details-page.test.tsx',
    'src/backoffice/applicants/details/routes/applicant-details-answers.test.tsx',
    'src/backoffice/applicants/details/routes/applicant-details-ratings.test.tsx',
    'src/backoffice/applicants/details/routes/applicant-details-actions.test.tsx',
    'src/backoffice/applicants/details/routes/applicant-details-reviewer.test.tsx',
  ],
  // The overview's live events (applicant-overview-fakes.ts).
  'applicant-overview': [
    'src/backoffice/applicants/routes/applicant-overview-page.test.tsx',
    'src/backoffice/applicants/routes/applicant-overview-actions.test.tsx',
    'src/backoffice/applicants/routes/applicant-overview-states.test.tsx',
  ],
};

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./vitest.setup.ts'],
      css: false,
      restoreMocks: true,
      // Route-level tests render whole screens: 2 s alone has become over 20 s beside the other
      // suites and the e2e run on two cores (vitest.setup.ts). A budget, not a speed target.
      testTimeout: 60_000,
      projects: [
        {
          extends: true,
          test: { name: 'isolated', include: ISOLATED, isolate: true },
        },
        ...Object.entries(MOCK_GROUPS).map(([name, include]) => ({
          extends: true as const,
          test: { name, include, isolate: false },
        })),
        {
          extends: true,
          test: {
            name: 'shared',
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: [...ISOLATED, ...Object.values(MOCK_GROUPS).flat()],
            isolate: false,
          },
        },
      ],
    },
  }),
);
