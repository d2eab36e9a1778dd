import { DEFAULT_STATUS_STAGES } from '../applicants/application-stage';
/** Test-only helpers; not exported from the package. */
import type { Applicant } from '../applicants/applicant.schemas';
import type { Job } from '../jobs/job.schemas';

/** A valid applicant for tests, in wire form. */
export function makeApplicant(overrides: Partial<Applicant> = {}): Applicant {
  return {
    id: 'ap1',
    info: {
      fName: 'Dana',
      lName: 'Levi',
      email: 'dana@example.com',
      phone: '050-1234567',
      hometown: 'Haifa',
      isPreview: false,
    },
    jobInfo: { title: 'Engineer', jobId: 'job1' },
    status: 0,
    timestamp: { sent: null, opened: '2024-05-01T10:00:00.000Z', submitted: null, quited: null },
    isRead: false,
    isFree: false,
    archivedAt: null,
    answerMap: {},
    notes: [],
    timeline: [{ type: 'activity', activity: 'created', createdAt: '2024-05-01T10:00:00.000Z' }],
    ...overrides,
  };
}

/** A valid stored job for tests, in wire form. */
export function makeJob(overrides: Partial<Job> = {}): Job {
  return {
    _id: 'job1',
    info: { title: 'Engineer', location: 'Tel Aviv', desc: '<p>Build</p>', coverUrl: '' },
    company: { name: 'Acme', logoUrl: '' },
    owner: { _id: 'u1', fName: 'Rina', lName: 'Cohen' },
    rule: { isCvRequired: false, isOneTry: true },
    quests: [
      {
        id: 'q1',
        txt: 'Introduce yourself',
        desc: '',
        vidUrl: null,
        ansRule: {
          isVidAns: true,
          isScreenAns: false,
          isTxtAns: false,
          isImgAns: false,
          isCodeAns: false,
        },
        timeLimit: 5,
      },
    ],
    applicants: [makeApplicant()],
    applicantSummary: {
      avatars: [{ img: null, username: 'Dana Levi' }],
      applicantCount: 1,
      newCount: 1,
      toReviewCount: 1,
    },
    createdAt: '2024-05-01T10:00:00.000Z',
    archivedAt: null,
    closesAt: null,
    statusStages: { ...DEFAULT_STATUS_STAGES },
    scorecard: [{ id: 'overall', label: 'Overall' }],
    ...overrides,
  };
}
