import { describe, expect, it } from 'vitest';
import { formFailure } from './form-errors';

const FIELDS = ['email', 'password'] as const;
const answer = (status: number, body: unknown) => ({ status, data: body });

describe('formFailure', () => {
  it("puts the server's field problems on the form's fields", () => {
    const failure = formFailure(
      answer(400, {
        success: false,
        error: 'Please check your input and try again.',
        errorCode: 'VALIDATION_ERROR',
        errors: [
          { path: 'email', msg: 'Please enter a valid email address' },
          { path: 'email', msg: 'A second problem' },
          { path: 'password', msg: 'Password must contain at least one number' },
        ],
      }),
      FIELDS,
      'Failed to create account',
    );
    expect(failure).toEqual({
      fields: {
        email: 'Please enter a valid email address',
        password: 'Password must contain at least one number',
      },
      message: null,
    });
  });

  it("places a part's problems (earnings.amazonTags.0.tag, networks[1].hosts) on its fields", () => {
    const failure = formFailure(
      answer(400, {
        success: false,
        error: 'Please check your input and try again.',
        errors: [
          { path: 'earnings.amazonTags.0.tag', msg: 'Not an Associates tag' },
          { path: 'earnings.networks[1].hosts', msg: 'Name a store' },
          { path: 'shopName', msg: 'Too short' },
        ],
      }),
      ['amazonTags.0.tag', 'networks.1.hosts'],
      'Failed',
      { prefix: 'earnings.' },
    );
    expect(failure).toEqual({
      fields: { 'amazonTags.0.tag': 'Not an Associates tag', 'networks.1.hosts': 'Name a store' },
      message: 'Too short',
    });
  });

  it('shows problems with fields the form does not have above it', () => {
    const failure = formFailure(
      answer(400, {
        success: false,
        error: 'Bad',
        errors: [{ path: 'fullName', msg: 'Too long' }],
      }),
      FIELDS,
      'Failed',
    );
    expect(failure).toEqual({ fields: {}, message: 'Too long' });
  });

  it("shows the server's message, else the fallback", () => {
    expect(
      formFailure(answer(409, { success: false, error: 'Already registered' }), FIELDS, 'Failed'),
    ).toEqual({ fields: {}, message: 'Already registered' });
    expect(formFailure({ status: 'FETCH_ERROR', error: 'x' }, FIELDS, 'Failed')).toEqual({
      fields: {},
      message: 'Failed',
    });
  });
});
