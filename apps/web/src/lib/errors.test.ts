import { DefaultErrorMessage } from '@kartlink/contracts';
import { describe, expect, it } from 'vitest';
import {
  describeError,
  errorCategory,
  errorMessageFromState,
  errorCodeOf,
  errorPagePath,
  fieldErrorsOf,
  isCriticalError,
  isNetworkError,
  serverMessageOf,
  userFacingMessage,
} from './errors';

describe('errorCategory (SPEC section 8 status mapping)', () => {
  it.each([
    [400, 'validation'],
    [422, 'validation'],
    [401, 'auth'],
    [403, 'permission'],
    [404, 'notFound'],
    [409, 'conflict'],
    [413, 'fileUpload'],
    [415, 'fileUpload'],
    [429, 'rateLimit'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
    [504, 'server'],
    [undefined, 'network'],
    [418, 'unknown'],
    [501, 'unknown'],
  ] as const)('maps %s to %s', (status, category) => {
    expect(errorCategory(status)).toBe(category);
  });
});

describe('userFacingMessage', () => {
  it('shows a meaningful server message as is', () => {
    expect(userFacingMessage(409, 'This shop URL is already taken.')).toBe(
      'This shop URL is already taken.',
    );
  });

  it('uses the category default for messages of 5 characters or fewer', () => {
    expect(userFacingMessage(403, 'Nope!')).toBe(DefaultErrorMessage.permission);
    expect(userFacingMessage(404, '')).toBe('The requested item was not found.');
    expect(userFacingMessage(429, undefined)).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
  });

  it('uses the category default for bare status codes', () => {
    expect(userFacingMessage(400, 'Request failed with status code 400')).toBe(
      'Please check your input and try again.',
    );
    expect(userFacingMessage(502, 'HTTP 502')).toBe('Server error. Please try again later.');
  });

  it("uses the category default for 'internal server' messages", () => {
    expect(userFacingMessage(500, 'Internal Server Error')).toBe(
      'Server error. Please try again later.',
    );
  });

  it('falls back to the network and unknown defaults', () => {
    expect(userFacingMessage(undefined, null)).toBe(
      'Network error. Please check your internet connection and try again.',
    );
    expect(userFacingMessage(418)).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('describeError', () => {
  it('reads an RTK Query error with an API envelope', () => {
    const error = { status: 404, data: { success: false, error: 'Shop not found' } };
    expect(describeError(error)).toEqual({ status: 404, message: 'Shop not found' });
  });

  it('reads the original status of a non-JSON answer', () => {
    expect(describeError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>' })).toEqual(
      { status: 502, message: 'An unexpected error occurred' },
    );
  });

  it('reads an HTTP client error with response and request URL', () => {
    const error = Object.assign(new Error('Request failed'), {
      response: { status: 401 },
      config: { url: '/api/auth/register/verify-otp' },
    });
    expect(describeError(error)).toEqual({
      message: 'Request failed',
      status: 401,
      url: '/api/auth/register/verify-otp',
    });
  });

  it('gives the unknown-error default for values without a message', () => {
    expect(describeError(undefined)).toEqual({ message: 'An unexpected error occurred' });
    expect(describeError({})).toEqual({ message: 'An unexpected error occurred' });
    expect(describeError('boom')).toEqual({ message: 'boom' });
  });
});

describe('isCriticalError', () => {
  it.each([
    'Out of memory',
    'Maximum call stack size exceeded: stack overflow',
    "Cannot read property 'name' of undefined",
    "Cannot read properties of undefined (reading 'name')",
    'shop.map is not a function',
    'product is undefined',
    'user is null',
    'Unexpected token < in JSON at position 0',
  ])('treats "%s" as critical', (message) => {
    expect(isCriticalError({ message })).toBe(true);
  });

  it('treats statuses of 500 and above as critical', () => {
    expect(isCriticalError({ message: 'Bad gateway', status: 502 })).toBe(true);
    expect(isCriticalError({ message: 'Nope', status: 500 })).toBe(true);
  });

  it('treats a 401 only on an /auth/ URL as critical', () => {
    expect(isCriticalError({ message: 'x', status: 401, url: '/api/auth/otp/resend' })).toBe(true);
    expect(isCriticalError({ message: 'x', status: 401, url: '/api/shop/status' })).toBe(false);
    expect(isCriticalError({ message: 'x', status: 401 })).toBe(false);
  });

  it('treats other errors as not critical', () => {
    expect(isCriticalError({ message: 'Shop not found', status: 404 })).toBe(false);
    expect(isCriticalError({ message: 'Widget failed to draw' })).toBe(false);
  });
});

describe('error pages', () => {
  it('sends 404 and 400 to their pages and everything else to /500', () => {
    expect(errorPagePath(404)).toBe('/404');
    expect(errorPagePath(400)).toBe('/400');
    expect(errorPagePath(503)).toBe('/500');
    expect(errorPagePath(undefined)).toBe('/500');
  });

  it('reads the message from navigation state', () => {
    expect(errorMessageFromState({ error: { message: 'Invalid shop URL' } })).toBe(
      'Invalid shop URL',
    );
    expect(errorMessageFromState(null)).toBeUndefined();
    expect(errorMessageFromState({ error: 'not an object' })).toBeUndefined();
  });
});

describe('reading a failed API answer', () => {
  const failure = {
    status: 400,
    data: {
      success: false,
      error: ' Please check your input and try again. ',
      errorCode: 'VALIDATION_ERROR',
      errors: [
        { path: 'email', msg: 'Email is required' },
        { path: 3, msg: 'not a field' },
        'junk',
      ],
    },
  };

  it('gives the server message, the error code and the well-formed field problems', () => {
    expect(serverMessageOf(failure)).toBe('Please check your input and try again.');
    expect(errorCodeOf(failure)).toBe('VALIDATION_ERROR');
    expect(fieldErrorsOf(failure)).toEqual([{ path: 'email', msg: 'Email is required' }]);
    expect(isNetworkError(failure)).toBe(false);
  });

  it('gives nothing for an answer without an envelope', () => {
    const offline = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
    expect(serverMessageOf(offline)).toBeUndefined();
    expect(errorCodeOf(offline)).toBeUndefined();
    expect(fieldErrorsOf(offline)).toEqual([]);
    expect(isNetworkError(offline)).toBe(true);
    expect(
      serverMessageOf({ status: 409, data: { success: false, error: '   ' } }),
    ).toBeUndefined();
  });
});
