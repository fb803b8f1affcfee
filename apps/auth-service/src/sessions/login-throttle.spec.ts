import { describeWait } from './login-throttle';

describe('describeWait', () => {
  it('says how long to wait as a person reads it, rounded up', () => {
    expect(describeWait(29_990)).toBe('30 seconds');
    expect(describeWait(400)).toBe('1 second');
    expect(describeWait(60_000)).toBe('1 minute');
    expect(describeWait(60_001)).toBe('2 minutes');
    expect(describeWait(15 * 60_000)).toBe('15 minutes');
  });
});
