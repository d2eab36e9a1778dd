/**
 * Bearer secrets that travel in URLs and headers, kept out of the logs: a storage URL's
 * signature is a download or upload right until it expires, and a share, status or invitation
 * token is the whole credential of its link. See docs/operations.md (Logs).
 */

export const REDACTED = '[redacted]';

/** Query parameters whose value is a credential (compared lower-case). */
const SECRET_PARAMS = new Set([
  'sig',
  'signature',
  'token',
  'access_token',
  'refresh_token',
  'invite',
  'code',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);

/** Paths whose next segment is a link's token: the share page and the application status page. */
const TOKEN_PATH = /(^|\/)(share|application)\/[^/?#]+/g;

/** Secrets inside free text (error messages, stacks): `name=value` pairs and bearer tokens. */
const SECRET_TEXT: [RegExp, string][] = [
  [/\bBearer\s+[\w.~+/=-]+/gi, `Bearer ${REDACTED}`],
  [
    /\b(sig|signature|token|access_token|refresh_token|invite|X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token)=[^\s&#"',;]+/gi,
    `$1=${REDACTED}`,
  ],
  [/(\/(?:share|application)\/)[A-Za-z0-9_-]{16,}/g, `$1${REDACTED}`],
];

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** `url` (a path with an optional query) with its tokens and signatures replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = (queryAt < 0 ? url : url.slice(0, queryAt)).replace(
    TOKEN_PATH,
    `$1$2/${REDACTED}`,
  );
  if (queryAt < 0) return pathPart;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      return SECRET_PARAMS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

/** Free text with the secrets the patterns know replaced. */
export function redactText(text: string): string {
  let result = text;
  for (const [pattern, replacement] of SECRET_TEXT) result = result.replace(pattern, replacement);
  return result;
}

/** Headers never logged as they are (pino `redact` paths, wherever a headers object is logged). */
const SECRET_HEADERS = ['authorization', 'cookie', '"set-cookie"', '"x-api-key"'];
const REDACT_PATHS = ['headers', 'req.headers', 'res.headers', 'request.headers'].flatMap((at) =>
  SECRET_HEADERS.map((header) => `${at}.${header}`),
);

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer with the URL redacted (and no headers, as Fastify's own). */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as pino logs it (type, message, stack, own fields), with secrets in text removed. */
function serializeError(error: Error): LoggedError {
  const logged: LoggedError = {
    type: error.constructor.name,
    message: redactText(error.message),
    stack: redactText(error.stack ?? ''),
  };
  for (const [name, value] of Object.entries(error)) {
    if (name in logged) continue;
    logged[name] =
      typeof value === 'string'
        ? redactText(value)
        : value instanceof Error
          ? serializeError(value)
          : value;
  }
  if (error.cause !== undefined) {
    logged.cause = error.cause instanceof Error ? serializeError(error.cause) : error.cause;
  }
  return logged;
}

/**
 * The pino options every server logger gets: redacting request and error serializers, header
 * paths, and a hook that redacts string arguments (Fastify writes a 404's URL into its
 * message).
 */
export function redactingLoggerOptions() {
  return {
    serializers: { req: serializeRequest, err: serializeError },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
        );
      },
    },
  };
}
