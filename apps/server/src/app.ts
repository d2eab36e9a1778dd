import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { redactingLoggerOptions } from './lib/log-redaction';
import { accommodationsRoutes } from './modules/accommodations/accommodations.routes';
import { mediaChecksRoutes } from './modules/media-checks/media-checks.routes';
import { applicantsRoutes } from './modules/applicants/applicants.routes';
import { candidateRealtimeHandlers } from './modules/applicants/applicants.realtime';
import { applicationStatusRoutes } from './modules/application-status/application-status.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { coversRoutes } from './modules/covers/covers.routes';
import { healthRoutes } from './modules/health/health.routes';
import { interviewUploadsRoutes } from './modules/interview-uploads/interview-uploads.routes';
import { tusUploadsRoutes } from './modules/interview-uploads/tus-uploads.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { createInvitationPage } from './modules/jobs/invitation-page';
import { createLoginPage } from './modules/auth/login-page';
import { isSessionLive } from './modules/auth/refresh-tokens.service';
import { reviewRoutes } from './modules/review/review.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { orgBrandRoutes } from './modules/users/org-brand.routes';
import { teamRoutes } from './modules/users/team.routes';
import { departmentsRoutes } from './modules/departments/departments.routes';
import { questionLibraryRoutes } from './modules/question-library/question-library.routes';
import { usersRoutes } from './modules/users/users.routes';
import { userRealtimeHandlers } from './modules/users/users.realtime';
import { authPlugin } from './plugins/auth';
import { findStoredUser } from './modules/users/users.service';
import { logsRoutes } from './modules/logs/logs.routes';
import { activitiesRoutes } from './modules/activities/activities.routes';
import { notificationsPlugin } from './modules/notifications/notifications.plugin';
import { subscribeNotifications } from './modules/notifications/notifications.subscribers';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { outboxPlugin } from './modules/outbox/outbox.plugin';
import { integrationsRoutes } from './modules/integrations/integrations.routes';
import { findShareLink } from './modules/sharing/share-links.service';
import { shareLinksRoutes } from './modules/sharing/share-links.routes';
import { findApiKey, touchApiKey } from './modules/integrations/api-keys.service';
import { retentionPlugin } from './modules/retention/retention.plugin';
import { retentionRoutes } from './modules/retention/retention.routes';
import { consentRoutes } from './modules/consent/consent.routes';
import { insightsRoutes } from './modules/insights/insights.routes';
import { webhooksPlugin } from './modules/integrations/webhooks.plugin';
import { subscribeWebhooks } from './modules/integrations/webhooks.subscribers';
import { subscribeApplicationStatus } from './modules/application-status/application-status.subscribers';
import { subscribeJobs } from './modules/jobs/jobs.subscribers';
import { findAssignedJobIds } from './modules/jobs/job-reviewers';
import { subscribeTemplates } from './modules/templates/templates.subscribers';
import { subscribeReview } from './modules/review/review.subscribers';
import { clockPlugin } from './plugins/clock';
import { compressionPlugin } from './plugins/compression';
import { dbPlugin } from './plugins/db';
import { answerClientError, answerFrameworkError, errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { mailPlugin } from './plugins/mail';
import { rateLimitPlugin } from './plugins/rate-limit';
import { realtimePlugin } from './plugins/realtime';
import { securityPlugin } from './plugins/security';
import { storagePlugin } from './plugins/storage';
import { swaggerPlugin } from './plugins/swagger';
import { tfjsWasmPlugin } from './plugins/tfjs-wasm';
import { firstPage, webPlugin } from './plugins/web';

export interface BuildAppOptions {
  /** An already-open database (tests share one per file); opened from config otherwise. */
  database?: DatabaseHandle;
  /**
   * Pino logger options; false silences logs (tests), a stream captures them. Secrets are
   * redacted from whatever is logged (lib/log-redaction.ts).
   */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** The app's clock (tests move it to expire codes and tokens); the system clock otherwise. */
  now?: () => Date;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Builds the whole server: cross-cutting plugins first (clock, errors, security, compression,
 * rate limits, database, storage, mail, docs, auth), then the API modules under /api, then the
 * web app.
 * Nothing here listens; main.ts does.
 */
export async function buildApp(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  // Side effects of domain events (lib/domain-events.ts), in the order they run: what an
  // account deletion hands over or erases; the candidate's confirmation, the recruiters'
  // submission e-mails, then the webhook deliveries.
  subscribeJobs();
  subscribeTemplates();
  subscribeReview();
  subscribeApplicationStatus();
  subscribeNotifications();
  subscribeWebhooks();
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof options.logger === 'object' ? options.logger : {}),
            ...redactingLoggerOptions(),
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A proxy's request id is kept so one id follows the request end to end (traceId).
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
        ? incoming
        : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'traceId' }),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });

  const database = options.database ?? (await openDatabase(config.database));

  await app.register(clockPlugin, { now: options.now });
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin, { config });
  await app.register(compressionPlugin);
  await app.register(rateLimitPlugin, { config });
  await app.register(dbPlugin, { database });
  await app.register(storagePlugin, { config });
  await app.register(mailPlugin, { config });
  await app.register(outboxPlugin);
  await app.register(webhooksPlugin, { config });
  await app.register(retentionPlugin);
  await app.register(swaggerPlugin, { config });
  await app.register(authPlugin, {
    config,
    findUser: findStoredUser,
    findAssignedJobIds,
    findApiKey,
    touchApiKey,
    findShareLink,
    isSessionLive,
  });
  await app.register(realtimePlugin, { config });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { config });
      await api.register(usersRoutes, { config });
      await api.register(teamRoutes, { config });
      await api.register(orgBrandRoutes);
      await api.register(departmentsRoutes);
      await api.register(uploadsRoutes);
      await api.register(jobsRoutes);
      await api.register(reviewRoutes);
      await api.register(templatesRoutes);
      await api.register(questionLibraryRoutes);
      await api.register(coversRoutes, { config });
      await api.register(applicantsRoutes, { config });
      await api.register(accommodationsRoutes);
      await api.register(mediaChecksRoutes);
      await api.register(applicationStatusRoutes);
      await api.register(interviewUploadsRoutes);
      await api.register(tusUploadsRoutes, { config });
      await api.register(logsRoutes, { config });
      await api.register(activitiesRoutes);
      await api.register(invitationsRoutes, { config });
      await api.register(notificationsPlugin, { config });
      await api.register(integrationsRoutes, { config });
      await api.register(retentionRoutes);
      await api.register(consentRoutes);
      await api.register(insightsRoutes);
      await api.register(shareLinksRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(userRealtimeHandlers);
  await app.register(candidateRealtimeHandlers);
  await app.register(tfjsWasmPlugin);
  await app.register(webPlugin, {
    config,
    renderPage: firstPage([
      createInvitationPage(app.db, config.webDistDir, () => app.now()),
      createLoginPage(config.webDistDir),
    ]),
  });
  return app;
}
