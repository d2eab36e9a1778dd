import {
  APPLICANT_OVERVIEW_PATH,
  FORGOT_PASSWORD_PATH,
  INTEGRATIONS_PATH,
  INSIGHTS_PATH,
  RETENTION_PATH,
  BRAND_PATH,
  LOGIN_PATH,
  NOT_FOUND_PATH,
  NOT_SUPPORTED_PATH,
  SET_PASSWORD_PATH,
  SIGNUP_PATH,
  TEAM_PATH,
  USER_PATH,
  VERIFY_EMAIL_PATH,
  BACKOFFICE_PATH,
  JOB_OVERVIEW_PATH,
} from '../../common/routing/paths';
import type { AppRoute, LazyScreen } from './route-types';

/** A reviewer opening a job's editor lands on that job's applicants (a new job: their jobs). */
const reviewerLeavesEditor = (pathname: string): string => {
  const jobId = pathname.split('/')[2];
  return jobId ? `${APPLICANT_OVERVIEW_PATH}/${jobId}` : JOB_OVERVIEW_PATH;
};
/** Templates are not a reviewer's (the server refuses even reading them). */
const reviewerLeavesTemplates = (): string => APPLICANT_OVERVIEW_PATH;

const notFoundScreen: LazyScreen = () => import('../../common/pages/not-found-page');
const notSupportedScreen: LazyScreen = () => import('../../common/pages/not-supported-page');

/**
 * Every route of the product as data: path, access, title and screen. Guards read
 * `access` (see guards.ts), the page title reads `titleKey`, build-routes.tsx turns the table
 * into React Router routes.
 *
 * A screen is a lazy import. Back-office screens come from `src/backoffice/**` and candidate
 * screens from `src/interview/**`, always through `import()` so each part stays its own chunk.
 * Routes whose screen is not built yet show the NotFound page (`notFoundScreen`); an issue that
 * builds a screen replaces that entry's `screen`.
 */
export const ROUTE_TABLE = [
  {
    id: 'login',
    path: LOGIN_PATH,
    access: 'guestOnly',
    titleKey: 'pageTitles.login',
    screen: () => import('../../backoffice/auth/routes/login-page'),
  },
  {
    id: 'signup',
    path: SIGNUP_PATH,
    access: 'guestOnly',
    titleKey: 'pageTitles.signup',
    screen: () => import('../../backoffice/auth/routes/signup-page'),
  },
  {
    id: 'forgotPassword',
    path: FORGOT_PASSWORD_PATH,
    access: 'public',
    titleKey: 'pageTitles.forgotPassword',
    screen: () => import('../../backoffice/auth/routes/forgot-password-page'),
  },
  {
    id: 'verifyEmail',
    path: VERIFY_EMAIL_PATH,
    access: 'public',
    titleKey: 'pageTitles.verifyEmail',
    screen: () => import('../../backoffice/auth/routes/verify-email-page'),
  },
  {
    id: 'setPassword',
    path: SET_PASSWORD_PATH,
    access: 'public',
    titleKey: 'pageTitles.setPassword',
    screen: () => import('../../backoffice/auth/routes/set-password-page'),
  },
  {
    id: 'team',
    path: TEAM_PATH,
    access: 'auth',
    titleKey: 'pageTitles.team',
    screen: () => import('../../backoffice/team/routes/team-page'),
  },
  {
    id: 'integrations',
    path: INTEGRATIONS_PATH,
    access: 'auth',
    titleKey: 'pageTitles.integrations',
    screen: () => import('../../backoffice/integrations/routes/integrations-page'),
  },
  {
    id: 'retention',
    path: RETENTION_PATH,
    access: 'auth',
    titleKey: 'pageTitles.retention',
    screen: () => import('../../backoffice/retention/routes/retention-page'),
  },
  {
    id: 'brand',
    path: BRAND_PATH,
    access: 'auth',
    titleKey: 'pageTitles.brand',
    screen: () => import('../../backoffice/brand/routes/brand-page'),
  },
  {
    id: 'insights',
    path: INSIGHTS_PATH,
    access: 'auth',
    titleKey: 'pageTitles.insights',
    screen: () => import('../../backoffice/insights/routes/insights-page'),
  },
  {
    id: 'user',
    path: USER_PATH,
    access: 'auth',
    titleKey: 'pageTitles.user',
    screen: () => import('../../backoffice/profile/routes/user-page'),
  },
  {
    // The site's root has no page of its own: the applicant overview (login when logged out).
    id: 'home',
    path: '/',
    access: 'public',
    redirectTo: APPLICANT_OVERVIEW_PATH,
  },
  {
    id: 'backoffice',
    path: BACKOFFICE_PATH,
    access: 'auth',
    redirectTo: APPLICANT_OVERVIEW_PATH,
  },
  {
    id: 'applicantOverview',
    path: `${APPLICANT_OVERVIEW_PATH}/:jobId?`,
    access: 'auth',
    titleKey: 'pageTitles.applicantOverview',
    screen: () => import('../../backoffice/applicants/routes/applicant-overview-page'),
  },
  {
    id: 'applicantArchive',
    path: '/backoffice/archive/applicant',
    access: 'auth',
    titleKey: 'pageTitles.applicantArchive',
    screen: () => import('../../backoffice/applicants/routes/applicant-overview-page'),
  },
  {
    id: 'jobOverview',
    path: '/backoffice/job',
    access: 'auth',
    titleKey: 'pageTitles.jobOverview',
    screen: () => import('../../backoffice/jobs/routes/job-overview-page'),
  },
  {
    id: 'applicantDetails',
    path: '/backoffice/details/:jobId/:applicantId',
    access: 'auth',
    titleKey: 'pageTitles.applicantDetails',
    screen: () => import('../../backoffice/applicants/details/routes/applicant-details-page'),
  },
  {
    id: 'compare',
    path: '/backoffice/compare/:jobId',
    access: 'auth',
    titleKey: 'pageTitles.compare',
    screen: () => import('../../backoffice/applicants/compare/routes/compare-page'),
  },
  {
    id: 'templateOverview',
    path: '/backoffice/template',
    access: { permission: 'TEMPLATES' },
    reviewerRedirect: reviewerLeavesTemplates,
    titleKey: 'pageTitles.templateOverview',
    screen: () => import('../../backoffice/templates/routes/template-overview-page'),
  },
  {
    id: 'templateEdit',
    path: '/backoffice/template/edit/:templateId?',
    access: { permission: 'TEMPLATES' },
    reviewerRedirect: reviewerLeavesTemplates,
    titleKey: 'pageTitles.templateEdit',
    screen: () => import('../../backoffice/templates/routes/template-editor-page'),
  },
  {
    id: 'templateDetails',
    path: '/backoffice/template/:templateId',
    access: { permission: 'TEMPLATES' },
    reviewerRedirect: reviewerLeavesTemplates,
    titleKey: 'pageTitles.templateDetails',
    screen: () => import('../../backoffice/templates/routes/template-details-page'),
  },
  {
    id: 'accountOverview',
    path: '/backoffice/admin/account',
    access: 'admin',
    titleKey: 'pageTitles.accountOverview',
    screen: () => import('../../backoffice/admin/accounts/routes/account-overview-page'),
  },
  {
    id: 'recordOverview',
    path: '/backoffice/admin/record',
    access: 'admin',
    titleKey: 'pageTitles.recordOverview',
    screen: () => import('../../backoffice/admin/records/routes/record-overview-page'),
  },
  {
    id: 'activityOverview',
    path: '/backoffice/admin/activity',
    access: 'admin',
    titleKey: 'pageTitles.activityOverview',
    screen: () => import('../../backoffice/admin/activity/routes/activity-overview-page'),
  },
  {
    id: 'jobEdit',
    path: '/create/:jobId?',
    access: 'auth',
    reviewerRedirect: reviewerLeavesEditor,
    titleKey: 'pageTitles.jobEdit',
    screen: () => import('../../backoffice/jobs/routes/job-editor-page'),
  },
  {
    id: 'interview',
    path: '/interview/:jobId',
    access: 'public',
    titleKey: 'pageTitles.interview',
    children: [
      {
        id: 'interviewOnboarding',
        index: true,
        screen: () => import('../../interview/onboarding/routes/onboarding-page'),
        firstLoadStylesOnly: true,
      },
      {
        id: 'interviewInProgress',
        path: 'inprogress',
        screen: () => import('../../interview/progress/routes/interview-progress-page'),
      },
      {
        id: 'interviewEnd',
        path: 'end',
        screen: () => import('../../interview/end/routes/interview-end-page'),
      },
    ],
  },
  {
    id: 'applicationStatus',
    path: '/application/:token',
    access: 'public',
    titleKey: 'pageTitles.applicationStatus',
    screen: () => import('../../interview/status/routes/application-status-page'),
  },
  {
    id: 'sharedApplicants',
    path: '/share/:token',
    access: 'public',
    titleKey: 'pageTitles.sharedApplicants',
    screen: () => import('../../backoffice/applicants/share/routes/shared-applicants-page'),
  },
  {
    id: 'embed',
    path: '/embed/:jobId',
    access: 'public',
    titleKey: 'pageTitles.embed',
    screen: () => import('../../interview/embed/routes/embed-page'),
    firstLoadStylesOnly: true,
  },
  {
    id: 'notFound',
    path: NOT_FOUND_PATH,
    access: 'public',
    titleKey: 'pageTitles.notFound',
    screen: notFoundScreen,
  },
  {
    id: 'notSupported',
    path: NOT_SUPPORTED_PATH,
    access: 'public',
    titleKey: 'pageTitles.notSupported',
    screen: notSupportedScreen,
  },
] as const satisfies readonly AppRoute[];

export type RouteId = (typeof ROUTE_TABLE)[number]['id'];
