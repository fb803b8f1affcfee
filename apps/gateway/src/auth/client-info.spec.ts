import type { FastifyRequest } from 'fastify';
import { clientOf, knownTimeZone } from './client-info';

const request = (headers: Record<string, string>) =>
  ({ ip: '10.0.0.7', headers }) as unknown as FastifyRequest;

describe('clientOf', () => {
  it('reads the device and the time zone a sign-in comes from', () => {
    const ua =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
    expect(clientOf(request({ 'user-agent': ua, 'x-time-zone': 'Asia/Kolkata' }))).toEqual({
      ip: '10.0.0.7',
      userAgent: ua,
      device: 'Chrome on Android',
      timeZone: 'Asia/Kolkata',
    });
  });

  it('leaves out a time zone that is not one, without refusing the sign-in', () => {
    expect(clientOf(request({ 'x-time-zone': 'Mars/Olympus_Mons' }))).toEqual({
      ip: '10.0.0.7',
      device: 'Unknown device',
    });
    expect(knownTimeZone('<script>')).toBeUndefined();
    expect(knownTimeZone('A'.repeat(65))).toBeUndefined();
    expect(knownTimeZone(['Asia/Kolkata'])).toBeUndefined();
  });
});
