import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '#contract/errors';
import { inputRefusal } from '../db/errors.js';
import { answerUnmatched } from './api-paths.js';
import { HttpError, errorBody } from './errors.js';
import { say } from './request-language.js';

/** Fastify's own errors for bad requests, mapped to the one shape. */
const frameworkErrors: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'bad_request', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'bad_request',
    message: 'The request body is empty but says it is JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'This content type is not accepted here; send JSON',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'bad_request',
    message: 'The Content-Length header does not match the body',
  },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, code: 'bad_request', message: 'The content type header is invalid' },
  FST_ERR_BAD_URL: { status: 400, code: 'bad_request', message: 'The address is not valid' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'bad_request', message: 'The request could not be routed' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'bad_request', message: 'The address is too long' },
};

/**
 * Errors the router raises before any route or error handler runs (a badly percent-encoded path, an
 * over-long path parameter): passed as Fastify's `frameworkErrors` option so they too leave in the one shape.
 */
export function frameworkErrorHandler(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const known = frameworkErrors[err.code] ?? frameworkErrors.FST_ERR_BAD_URL!;
  void reply.status(known.status).send(errorBody(known.code, known.message));
}

const pathOnly = (url: string) => url.split('?')[0];

/** Every failure leaves as `{success:false, message, error, code, details?}`; a 500 is masked and logged once. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send(errorBody(err.code, err.message, err.details));
    }
    const known = err.code ? frameworkErrors[err.code] : undefined;
    if (known) return reply.status(known.status).send(errorBody(known.code, known.message));
    if (err.statusCode === 429) {
      return reply.status(429).send(errorBody('rate_limited', say('api-portal.error.tooMany')));
    }
    const refused = inputRefusal(err);
    if (refused) {
      // The statement and its parameters stay out of the log: they may carry hashes or personal data.
      req.log.info({ sqlState: refused.sqlState }, 'database refused input');
      return reply.status(refused.status).send(errorBody(refused.code, refused.message, refused.details));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      req.log.info({ err }, 'client error');
      return reply.status(err.statusCode).send(errorBody('bad_request', err.message || 'The request is not valid'));
    }
    // The route is the app log's key (platform/app-log.ts): the viewer groups errors by where they come from.
    req.log.error({ err, route: `${req.method} ${req.routeOptions.url ?? pathOnly(req.url)}` }, 'unhandled error');
    return reply.status(500).send(errorBody('internal_error', say('api-portal.error.internal')));
  });

  app.setNotFoundHandler((req, reply) => {
    answerUnmatched(req, reply);
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, a malformed request
 * line, a slow client): answered in the one error shape too, then the connection is closed, as Node does.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'bad_request', 'The request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'bad_request', 'The request took too long to arrive']
        : [400, 'bad_request', 'The request could not be read'];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
