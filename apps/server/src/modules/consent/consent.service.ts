import {
  consentNoticeText,
  standardConsentNotice,
  STANDARD_CONSENT_VERSION,
  type ApplicantConsent,
  type CandidateConsent,
  type ConsentNoticeSettings,
  type Language,
  type PublicConsentNotice,
} from '@candid/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { consentNotices } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { authorize, loggedActor, type StaffActor } from '../../policies';
import { getOrgRetentionMonths } from '../users/org-retention';
import { getOrganizationName, lockOrganization } from '../users/users.service';

/**
 * The candidates' consent notice (domain applicants/consent): the owner saves the organisation's
 * texts as a new version, candidates read the current one, and an applicant keeps the text of
 * the version it accepted exactly as shown.
 */

type NoticeRow = typeof consentNotices.$inferSelect;

async function findNoticeVersion(
  db: Db | DbTx,
  orgId: string,
  version?: number,
): Promise<NoticeRow | null> {
  const [row] = await db
    .select()
    .from(consentNotices)
    .where(
      version === undefined
        ? eq(consentNotices.orgId, orgId)
        : and(eq(consentNotices.orgId, orgId), eq(consentNotices.version, version)),
    )
    .orderBy(desc(consentNotices.version))
    .limit(1);
  return row ?? null;
}

function customTexts(row: NoticeRow | null): Record<Language, string> | null {
  return row ? { en: row.textEn, he: row.textHe } : null;
}

/**
 * The current notice for a job's candidates, in both interview languages. `company` is the
 * name the job shows; the standard text quotes the organisation's retention period.
 */
export async function getPublicConsentNotice(
  db: Db,
  orgId: string,
  company: string,
): Promise<PublicConsentNotice> {
  const [row, retentionMonths] = await Promise.all([
    findNoticeVersion(db, orgId),
    getOrgRetentionMonths(db, orgId),
  ]);
  const params = { custom: customTexts(row), company, retentionMonths };
  return {
    version: row?.version ?? STANDARD_CONSENT_VERSION,
    texts: { en: consentNoticeText('en', params), he: consentNoticeText('he', params) },
  };
}

/**
 * The consent columns of an applicant who starts now having accepted `consent`: the text of
 * that version (the current one or an older one saved while the candidate was reading) in the
 * candidate's language. CONSENT_REQUIRED_ERR without an agreement, VALIDATION_ERR for a version
 * the organisation never had.
 */
export async function acceptedConsentColumns(
  db: Db,
  params: { orgId: string; company: string; consent: CandidateConsent | undefined; now: Date },
) {
  const { consent } = params;
  if (!consent) throw new AppError('CONSENT_REQUIRED_ERR');
  const row =
    consent.version === STANDARD_CONSENT_VERSION
      ? null
      : await findNoticeVersion(db, params.orgId, consent.version);
  if (consent.version !== STANDARD_CONSENT_VERSION && !row) {
    throw new AppError('VALIDATION_ERR', { message: 'Unknown consent notice version' });
  }
  const retentionMonths = await getOrgRetentionMonths(db, params.orgId);
  return {
    consentChoice: 'accepted',
    consentAt: params.now,
    consentVersion: consent.version,
    consentText: consentNoticeText(consent.language, {
      custom: customTexts(row),
      company: params.company,
      retentionMonths,
    }),
  };
}

/** The recruiter's view of an applicant's consent; null when it has none recorded. */
export function toApplicantConsent(row: {
  consentChoice: string | null;
  consentAt: Date | null;
  consentVersion: number | null;
  consentText: string | null;
}): ApplicantConsent | null {
  if (row.consentChoice !== 'accepted' || !row.consentAt || row.consentVersion === null) {
    return null;
  }
  return {
    choice: 'accepted',
    at: row.consentAt.toISOString(),
    version: row.consentVersion,
    text: row.consentText ?? '',
  };
}

/** `GET org/consent-notice` (owner): the current version, its texts and the standard ones. */
export async function getConsentNoticeSettings(
  db: Db,
  actor: StaffActor,
): Promise<ConsentNoticeSettings> {
  authorize(actor, 'retention.manage');
  const [row, retentionMonths, company] = await Promise.all([
    findNoticeVersion(db, actor.orgId),
    getOrgRetentionMonths(db, actor.orgId),
    getOrganizationName(db, actor.orgId),
  ]);
  return {
    version: row?.version ?? STANDARD_CONSENT_VERSION,
    texts: { en: row?.textEn ?? '', he: row?.textHe ?? '' },
    standard: {
      en: standardConsentNotice('en', { company, retentionMonths }),
      he: standardConsentNotice('he', { company, retentionMonths }),
    },
    savedAt: row ? row.createdAt.toISOString() : null,
  };
}

/**
 * `PUT org/consent-notice` (owner): saves the texts as the next version. Saving the texts
 * unchanged makes no version. The version row records who saved it and when (the audit); the
 * organisation's row is locked so two saves never share one.
 */
export async function saveConsentNotice(
  db: Db,
  actor: StaffActor,
  texts: Record<Language, string>,
  now: Date,
): Promise<ConsentNoticeSettings> {
  authorize(actor, 'retention.manage');
  const next = { en: texts.en.trim(), he: texts.he.trim() };
  await db.transaction(async (tx) => {
    await lockOrganization(tx, actor.orgId);
    const current = await findNoticeVersion(tx, actor.orgId);
    if (current && current.textEn === next.en && current.textHe === next.he) return;
    if (!current && !next.en && !next.he) return;
    const version = (current?.version ?? STANDARD_CONSENT_VERSION) + 1;
    await tx.insert(consentNotices).values({
      orgId: actor.orgId,
      version,
      textEn: next.en,
      textHe: next.he,
      createdBy: loggedActor(actor).userId,
      createdAt: now,
    });
  });
  return getConsentNoticeSettings(db, actor);
}
