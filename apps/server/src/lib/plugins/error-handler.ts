import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { logSafeError } from '../log-safe-error';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

function issuePath(issue: ValidationIssue, context: string | undefined): string {
  const fromIssue = issue.params?.issue?.path?.map(String).join('.');
  const fromPointer = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  return fromIssue || fromPointer || context || 'body';
}

/**
 * One place that turns errors into answers: `{message, errors?}` as spec section 8 reads them.
 * 4xx messages are ours and safe to show; a 5xx never shows its internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = (error.validation as ValidationIssue[]).map((issue) => ({
        path: issuePath(issue, error.validationContext),
        message: issue.message ?? 'Invalid value',
      }));
      const first = errors[0];
      // The spec's wording for a body that is not a JSON object (section 5, delete-watchlist).
      const message =
        first && first.path === 'body' && /expected object/.test(first.message)
          ? "Invalid input: 'body' must be an object."
          : (first?.message ?? 'Invalid request');
      return reply.code(400).send({ message, errors });
    }
    if (error instanceof AppError) {
      // Our own 5xx (a chain that failed, a busy account): its message and fields are ours.
      if (error.statusCode >= 500)
        request.log.warn({ err: logSafeError(error) }, 'request failed: service unavailable');
      if (error.headers) void reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send(
          error.errors
            ? { message: error.message, errors: error.errors }
            : { message: error.message },
        );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: clientErrorMessage(error) });
    }
    // Never the error as thrown: a client library's message, fields or cause may hold a URL
    // with its key, a request body, or a server's raw answer.
    request.log.error({ err: logSafeError(error) }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong, please try again' });
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return "Invalid input: 'body' must be valid JSON.";
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the body as application/json.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    default:
      return error.message;
  }
}
