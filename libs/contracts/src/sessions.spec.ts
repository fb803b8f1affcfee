import { describeDevice, placeOfTimeZone } from './sessions';

describe('placeOfTimeZone', () => {
  it.each([
    ['Asia/Kolkata', 'Kolkata'],
    ['Asia/Calcutta', 'Kolkata'],
    ['Asia/Saigon', 'Ho Chi Minh'],
    ['Europe/London', 'London'],
    ['America/New_York', 'New York'],
    ['America/Argentina/Buenos_Aires', 'Buenos Aires'],
    ['America/Port-au-Prince', 'Port-au-Prince'],
  ])('names the city of %s', (zone, city) => {
    expect(placeOfTimeZone(zone)).toBe(city);
  });

  it.each([['UTC'], ['Etc/GMT+5'], ['Etc/UTC'], [''], [null], [undefined], ['Asia/<b>x</b>']])(
    'names no place for %p',
    (zone) => {
      expect(placeOfTimeZone(zone)).toBeNull();
    },
  );
});

describe('describeDevice', () => {
  it('names the device and the time of its place, as the mails say it', () => {
    expect(describeDevice('Chrome on Android', 'Asia/Kolkata')).toBe(
      'Chrome on Android, Kolkata time',
    );
    expect(describeDevice('Safari on iPhone', 'UTC')).toBe('Safari on iPhone');
    expect(describeDevice(null, null)).toBe('Unknown device');
  });
});
