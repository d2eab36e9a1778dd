import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildApp } from './app';
import { ConfigError, loadConfig, loadEnvFile } from './config';
import { redactUrl } from './lib/log-redaction';

/**
 * Reads `.env` and the environment, builds the app and listens; a bad configuration stops
 * start-up. SIGTERM and SIGINT stop it gracefully (docs/operations.md, Graceful shutdown).
 */
async function main() {
  let config;
  let envFile: string | null;
  try {
    envFile = loadEnvFile(process.env);
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);

  // Every request the HTTP server is answering, tus PATCHes included (the tus handler takes
  // the raw response, so Fastify's hooks do not see all of them end).
  const inFlight = new Map<ServerResponse, { method?: string; url: string; since: number }>();
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    inFlight.set(response, {
      method: request.method,
      url: redactUrl(request.url ?? ''),
      since: Date.now(),
    });
    response.once('close', () => inFlight.delete(response));
  });

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    // A terminal's Ctrl-C reaches both `npm start` (which passes it on) and the server.
    if (stopping) return;
    stopping = true;
    app.log.info(
      { signal, inFlight: inFlight.size, deadlineMs: config.shutdownTimeoutMs },
      'shutting down: no new connections; in-flight requests may finish',
    );
    const deadline = setTimeout(() => {
      const now = Date.now();
      app.log.warn(
        {
          cut: [...inFlight.values()].map((entry) => ({
            method: entry.method,
            url: entry.url,
            runningMs: now - entry.since,
          })),
        },
        `shutdown deadline passed: cutting ${inFlight.size} in-flight request(s)`,
      );
      app.server.closeAllConnections();
      process.exit(1);
    }, config.shutdownTimeoutMs);
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(deadline);
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      publicUrl: config.publicUrl,
      database: config.database.driver,
      storage: config.storage.driver,
      envFile,
    },
    `Candid is running at ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
