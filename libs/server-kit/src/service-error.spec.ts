import { ErrorCode } from '@kartlink/contracts';
import { ServiceError } from './service-error';

describe('ServiceError over NATS', () => {
  it('survives the round trip as a plain payload', () => {
    const original = ServiceError.validation([{ path: 'shopUrl', msg: 'Shop URL is required' }]);
    const payload = JSON.parse(JSON.stringify(original.toPayload()));
    const back = ServiceError.fromPayload(payload);
    expect(back).toBeInstanceOf(ServiceError);
    expect(back?.code).toBe(ErrorCode.VALIDATION_ERROR);
    expect(back?.message).toBe('Shop URL is required');
    expect(back?.details?.errors).toEqual([{ path: 'shopUrl', msg: 'Shop URL is required' }]);
  });

  it('does not take an unknown code or a bare string for a modelled error', () => {
    expect(ServiceError.fromPayload({ code: 'NOPE', message: 'x' })).toBeUndefined();
    expect(ServiceError.fromPayload('There is no matching message handler')).toBeUndefined();
    expect(ServiceError.fromPayload({ code: ErrorCode.CONFLICT })).toBeUndefined();
  });

  it('hides internals behind the generic server message', () => {
    expect(ServiceError.internal().toPayload()).toEqual({
      code: ErrorCode.INTERNAL_ERROR,
      message: 'Server error. Please try again later.',
    });
  });
});
