import { type ClientInfo, MAX_TIME_ZONE_LENGTH, TIME_ZONE_HEADER } from '@kartlink/contracts';
import type { FastifyRequest } from 'fastify';
import { deviceLabel } from '../analytics/user-agent';

/**
 * Where a sign-in (or a refresh, or a password reset) comes from, recorded on the session and
 * named in the mails: the address, the user agent and what it reads as ("Chrome on Android"),
 * and the time zone the web app names in its X-Time-Zone header, when this runtime knows it.
 */
export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  const timeZone = knownTimeZone(request.headers[TIME_ZONE_HEADER]);
  return {
    ip: request.ip,
    ...(userAgent ? { userAgent } : {}),
    device: deviceLabel(userAgent),
    ...(timeZone ? { timeZone } : {}),
  };
}

/** An IANA time zone such as Asia/Kolkata; anything else is left out, never refused. */
export function knownTimeZone(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string' || !value || value.length > MAX_TIME_ZONE_LENGTH) return undefined;
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    return undefined;
  }
}
