import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeZone } from './time-zone';

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'Temporal');
});

describe("the visitor's time zone", () => {
  it("is Temporal's where the browser has it, without building a date format", () => {
    Object.defineProperty(globalThis, 'Temporal', {
      value: { Now: { timeZoneId: () => 'Asia/Kolkata' } },
      configurable: true,
    });
    const format = vi.spyOn(Intl, 'DateTimeFormat');
    expect(timeZone()).toBe('Asia/Kolkata');
    expect(format).not.toHaveBeenCalled();
  });

  it("is Intl's in a browser without Temporal (Safari, older Chrome)", () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      timeZone: 'Asia/Kolkata',
    } as Intl.ResolvedDateTimeFormatOptions);
    expect(timeZone()).toBe('Asia/Kolkata');
  });

  it('is empty when the browser will not say', () => {
    Object.defineProperty(globalThis, 'Temporal', {
      value: {
        Now: {
          timeZoneId: () => {
            throw new RangeError('no time zone');
          },
        },
      },
      configurable: true,
    });
    expect(timeZone()).toBe('');
  });
});
