import { acceptRequestId, currentRequestId, runWithRequestContext } from './request-context';

describe('request context', () => {
  it('keeps a well-formed incoming id and replaces anything else', () => {
    const make = () => 'generated';
    expect(acceptRequestId('abc-123_x.y:z', make)).toBe('abc-123_x.y:z');
    expect(acceptRequestId('bad id with spaces', make)).toBe('generated');
    expect(acceptRequestId('x'.repeat(129), make)).toBe('generated');
    expect(acceptRequestId(['a', 'b'], make)).toBe('generated');
    expect(acceptRequestId(undefined, make)).toBe('generated');
  });

  it('follows async work started inside the request', async () => {
    const seen = await runWithRequestContext({ requestId: 'r-1' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentRequestId();
    });
    expect(seen).toBe('r-1');
    expect(currentRequestId()).toBeUndefined();
  });
});
