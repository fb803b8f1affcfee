import { BadRequestException, ForbiddenException, NotFoundException } from '@nestjs/common';
import { ErrorCode } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import { ErrorCode as NatsErrorCode, NatsError } from 'nats';
import { httpStatusOf, mapError } from './error-mapping';

const request = { method: 'GET', url: '/api/things?x=1' };

describe('a scheduled product past its end', () => {
  it('answers 410 with the owner’s message and, when chosen, the shop to go back to', () => {
    const ended = (details?: Record<string, unknown>) =>
      mapError(new ServiceError(ErrorCode.PRODUCT_ENDED, 'The sale is over.', details), request);
    expect(ended({ redirectTo: '/meera-finds' })).toMatchObject({
      status: 410,
      body: { error: 'The sale is over.', errorCode: 'PRODUCT_ENDED', redirectTo: '/meera-finds' },
      unexpected: false,
    });
    expect(ended().body).not.toHaveProperty('redirectTo');
    // Never an address elsewhere.
    expect(ended({ redirectTo: '//evil.example/x' }).body).not.toHaveProperty('redirectTo');
  });
});

describe('httpStatusOf', () => {
  it.each([
    [ErrorCode.VALIDATION_ERROR, 400],
    [ErrorCode.BAD_REQUEST, 400],
    [ErrorCode.UNAUTHORIZED, 401],
    [ErrorCode.TOKEN_EXPIRED, 401],
    [ErrorCode.FORBIDDEN, 403],
    [ErrorCode.PRODUCT_LIMIT_EXCEEDED, 403],
    [ErrorCode.NOT_FOUND, 404],
    [ErrorCode.ROUTE_NOT_FOUND, 404],
    [ErrorCode.CONFLICT, 409],
    [ErrorCode.PRODUCT_ENDED, 410],
    [ErrorCode.PAYLOAD_TOO_LARGE, 413],
    [ErrorCode.UNSUPPORTED_MEDIA_TYPE, 415],
    [ErrorCode.UNPROCESSABLE, 422],
    [ErrorCode.RATE_LIMITED, 429],
    [ErrorCode.INTERNAL_ERROR, 500],
    [ErrorCode.SERVICE_UNAVAILABLE, 503],
    [ErrorCode.SERVICE_TIMEOUT, 504],
    [ErrorCode.NO_FILE, 400],
    [ErrorCode.INVALID_FILENAME, 400],
    [ErrorCode.FILENAME_TOO_LONG, 400],
    [ErrorCode.EXTENSION_MISMATCH, 400],
    [ErrorCode.FILE_TOO_LARGE, 413],
    [ErrorCode.UNSUPPORTED_TYPE, 415],
    [ErrorCode.FILE_CORRUPT, 422],
    [ErrorCode.NOT_IMAGE, 422],
    [ErrorCode.DIMENSIONS_TOO_SMALL, 422],
    [ErrorCode.UNPROCESSABLE_IMAGE, 422],
  ])('%s answers %i', (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });

  it('has a status for every code there is', () => {
    for (const code of Object.values(ErrorCode)) expect(() => httpStatusOf(code)).not.toThrow();
  });
});

describe('mapError', () => {
  it("carries a refused reorder's ids and counts beside the message", () => {
    const invalid = mapError(
      new ServiceError(ErrorCode.VALIDATION_ERROR, 'Invalid banner IDs: x', { invalidIds: ['x'] }),
      request,
    );
    expect(invalid.body).toMatchObject({ error: 'Invalid banner IDs: x', invalidIds: ['x'] });
    const count = mapError(
      new ServiceError(ErrorCode.VALIDATION_ERROR, 'Expected 3, got 2', {
        expected: 3,
        provided: 2,
      }),
      request,
    );
    expect(count.body).toMatchObject({ expected: 3, provided: 2 });
    expect(count.body).not.toHaveProperty('invalidIds');
  });

  it('says requiresSetup when the caller has no shop yet', () => {
    const mapped = mapError(
      new ServiceError(ErrorCode.NOT_FOUND, 'Set up your shop first.', { requiresSetup: true }),
      request,
    );
    expect(mapped.status).toBe(404);
    expect(mapped.body).toMatchObject({ errorCode: 'NOT_FOUND', requiresSetup: true });
    expect(mapError(ServiceError.notFound(), request).body).not.toHaveProperty('requiresSetup');
  });

  it('passes a service error through with its message and field errors', () => {
    const mapped = mapError(
      ServiceError.validation([{ path: 'email', msg: 'Email is required' }]),
      request,
    );
    expect(mapped).toEqual({
      status: 400,
      unexpected: false,
      body: {
        success: false,
        error: 'Email is required',
        errorCode: 'VALIDATION_ERROR',
        errors: [{ path: 'email', msg: 'Email is required' }],
      },
    });
  });

  it('names the missing route without its query string', () => {
    const mapped = mapError(new NotFoundException('Cannot GET /api/things?x=1'), request);
    expect(mapped.status).toBe(404);
    expect(mapped.body).toMatchObject({
      errorCode: 'ROUTE_NOT_FOUND',
      error: 'There is no API route GET /api/things.',
    });
  });

  it('maps Fastify body errors to 413, 415 and 400', () => {
    const err = (code: string) => Object.assign(new Error('x'), { code });
    expect(mapError(err('FST_ERR_CTP_BODY_TOO_LARGE'), request).status).toBe(413);
    expect(mapError(err('FST_ERR_CTP_INVALID_MEDIA_TYPE'), request).status).toBe(415);
    expect(mapError(err('FST_ERR_CTP_EMPTY_JSON_BODY'), request).status).toBe(400);
  });

  it('keeps a readable framework message and falls back to the category default', () => {
    expect(mapError(new BadRequestException('Page must be a number'), request).body.error).toBe(
      'Page must be a number',
    );
    expect(mapError(new ForbiddenException(), request).body).toMatchObject({
      errorCode: 'FORBIDDEN',
      error: 'You do not have permission to perform this action.',
    });
    expect(mapError(new BadRequestException('bad'), request).body.error).toBe(
      'Please check your input and try again.',
    );
  });

  it('never shows an unexpected error to the client', () => {
    const mapped = mapError(
      new TypeError("Cannot read properties of undefined (reading 'x')"),
      request,
    );
    expect(mapped).toEqual({
      status: 500,
      unexpected: true,
      body: {
        success: false,
        error: 'Server error. Please try again later.',
        errorCode: 'INTERNAL_ERROR',
      },
    });
  });

  it('answers 503 when JetStream does not answer (a NATS cluster electing leaders)', () => {
    const mapped = mapError(NatsError.errorForCode(NatsErrorCode.Timeout), request);
    expect(mapped).toMatchObject({
      status: 503,
      body: { success: false, errorCode: 'SERVICE_UNAVAILABLE' },
    });
  });
});
