import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import {
  type Bindings,
  type ChildLoggerOptions,
  type Logger,
  type LoggerOptions,
  stdSerializers,
} from 'pino';
import type { Config } from './config';
import { logSafeError } from './log-safe-error';

/**
 * Paths pino blanks out wherever they appear in a log line. Bodies are never logged by
 * default, but anything a handler passes to the logger goes through the same filter.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.confirmPassword',
  '*.newPassword',
  '*.token',
  '*.resetToken',
  '*.deviceToken',
  '*.code',
  '*.privateKey',
  '*.secretKey',
  '*.mnemonic',
  '*.secret',
  '*.sealedKey',
  '*.signedTransaction',
  // Provider RPC URLs often carry an API key in the path or query.
  '*.rpcUrl',
  'password',
  'token',
  'secret',
];

/**
 * pino's error serializer, after the error is made log-safe (`log-safe-error.ts`): database
 * errors cut down to what names the failure (their `params`, `detail` and `where` carry the
 * query's values), URLs cut (RPC URLs carry keys), request and raw-answer fields dropped. Every
 * `{ err }` any logger of the app writes goes through it, background jobs' included.
 */
export function serializeError(error: unknown): unknown {
  return stdSerializers.err(logSafeError(error) as Error);
}

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
}

/**
 * Fastify's request log lines: one line per answer ("request completed" at `info` with the
 * request, status and time; "request errored" at `error`, as before), not Fastify's two (it
 * wrote "incoming request" as well), and nothing built when the level is off: logging was a
 * large share of a cheap answer's CPU. Passed to Fastify as `logController`.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else if (enabled(reply.log, 'info')) {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}

/** Whether `logger` writes at `level` (pino's `isLevelEnabled`, which Fastify's type leaves out). */
function enabled(logger: FastifyBaseLogger, level: string): boolean {
  return (logger as unknown as Logger).isLevelEnabled(level);
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger whose pino child is made on its first line at a level that is on. A class,
 * not an object of closures: one is made per request, and each function made per request also
 * cost a call of the loader's `__name` helper (tsx keeps function names), about 2 % of an
 * uncached list's CPU.
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly childBindings: Bindings,
    private readonly childOptions: ChildLoggerOptions,
  ) {}

  private pinoChild(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.childBindings, this.childOptions));
  }

  private write(level: Level, args: unknown[]): void {
    if (!enabled(this.made ?? this.parent, level)) return;
    (this.pinoChild()[level] as (...logged: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.pinoChild().level = level;
  }

  silent(): void {}

  isLevelEnabled(level: string): boolean {
    return enabled(this.made ?? this.parent, level);
  }

  bindings(): Bindings {
    return (this.pinoChild() as unknown as Logger).bindings();
  }

  child(more: Bindings, moreOptions?: ChildLoggerOptions): FastifyBaseLogger {
    return this.pinoChild().child(more, moreOptions);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a request's logger whose pino child (with the request id) is
 * made only when something is logged at a level that is on. Fastify made one per request, and
 * pino ran the request id through the redaction's wildcard paths, for answers that log nothing.
 * A child asked for with its own level or serializers is made at once.
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) {
    return logger.child(bindings, options);
  }
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
