import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { type Caller, ErrorCode, looksLikeApiKey, Subjects } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import type { FastifyRequest } from 'fastify';
import { AuthGuard } from '../auth/auth.guard';
import { ServiceClient } from '../services/service-client';

/** How long a replica trusts an admin check: a demoted admin loses the console within this. */
const ADMIN_CHECK_MS = 5_000;
const MAX_ENTRIES = 1_000;

/** The answer of a route that does not exist, word for word (web-app.ts's catch-all). */
const noSuchRoute = (request: { method: string; url: string }) =>
  new ServiceError(
    ErrorCode.ROUTE_NOT_FOUND,
    `There is no API route ${request.method} ${request.url.split('?')[0]}.`,
  );

/**
 * Lets through only a signed-in admin acting as themself: anyone else (no token, an expired
 * one, a non-admin, an admin's impersonation session, an API key) is answered as an unknown
 * route, so that the console's existence is not revealed. Admin status is auth-service's (the
 * database), kept a few seconds per replica.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  private readonly checked = new Map<string, { admin: boolean; expires: number }>();

  constructor(
    private readonly auth: AuthGuard,
    private readonly services: ServiceClient,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { caller?: Caller }>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token || looksLikeApiKey(token))
      throw noSuchRoute(request);
    let caller: Caller;
    try {
      caller = await this.auth.callerOf(request);
    } catch (err) {
      if (err instanceof ServiceError && err.code !== ErrorCode.SERVICE_UNAVAILABLE)
        throw noSuchRoute(request);
      throw err;
    }
    if (caller.actorId || caller.apiKeyId || !(await this.isAdmin(caller.userId)))
      throw noSuchRoute(request);
    request.caller = caller;
    return true;
  }

  private async isAdmin(userId: string): Promise<boolean> {
    const now = Date.now();
    const hit = this.checked.get(userId);
    if (hit && hit.expires > now) return hit.admin;
    const { admin } = await this.services.request<{ admin: boolean }>(Subjects.auth.adminCheck, {
      userId,
    });
    this.checked.delete(userId);
    this.checked.set(userId, { admin, expires: now + ADMIN_CHECK_MS });
    if (this.checked.size > MAX_ENTRIES) this.checked.delete(this.checked.keys().next().value!);
    return admin;
  }
}
