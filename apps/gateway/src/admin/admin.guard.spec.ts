import type { ExecutionContext } from '@nestjs/common';
import { type Caller, ErrorCode } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import type { AuthGuard } from '../auth/auth.guard';
import type { ServiceClient } from '../services/service-client';
import { AdminGuard } from './admin.guard';

const ADMIN = '0b5a1c3e-58c3-4a55-9d3b-3f2a1e0c9d7f';

/** The guard with stand-ins: `caller` is what the token names (or the error it raises). */
function guardWith(caller: Caller | ServiceError, admins: string[] = [ADMIN]) {
  const asked: string[] = [];
  const auth = {
    callerOf: async () => {
      if (caller instanceof ServiceError) throw caller;
      return caller;
    },
  } as unknown as AuthGuard;
  const services = {
    request: async (_subject: string, { userId }: { userId: string }) => {
      asked.push(userId);
      return { admin: admins.includes(userId) };
    },
  } as unknown as ServiceClient;
  return { guard: new AdminGuard(auth, services), asked };
}

const request = (authorization?: string) => ({
  method: 'GET',
  url: '/api/admin/users?q=a',
  headers: authorization ? { authorization } : {},
});
const context = (req: object) =>
  ({ switchToHttp: () => ({ getRequest: () => req }) }) as unknown as ExecutionContext;

async function refusal(guard: AdminGuard, req: object) {
  const err = (await guard.canActivate(context(req)).catch((e: unknown) => e)) as ServiceError;
  return [err.code, err.message];
}

const notFound = [ErrorCode.ROUTE_NOT_FOUND, 'There is no API route GET /api/admin/users.'];

describe('AdminGuard', () => {
  const admin: Caller = { userId: ADMIN, sessionId: 's1', role: 'admin' };

  it('lets an admin acting as themself through, and names the caller', async () => {
    const { guard } = guardWith(admin);
    const req: { caller?: Caller } & object = request('Bearer token');
    expect(await guard.canActivate(context(req))).toBe(true);
    expect(req.caller).toEqual(admin);
  });

  it('answers everyone else as an unknown route', async () => {
    expect(await refusal(guardWith(admin).guard, request())).toEqual(notFound);
    expect(
      await refusal(guardWith(admin).guard, request(`Bearer kl_live_${'A'.repeat(43)}`)),
    ).toEqual(notFound);
    const expired = new ServiceError(ErrorCode.TOKEN_EXPIRED, 'expired');
    expect(await refusal(guardWith(expired).guard, request('Bearer t'))).toEqual(notFound);
    const acting = { ...admin, actorId: 'a2' };
    expect(await refusal(guardWith(acting).guard, request('Bearer t'))).toEqual(notFound);
    // The token's role is not trusted: the database says who is an admin.
    expect(await refusal(guardWith(admin, []).guard, request('Bearer t'))).toEqual(notFound);
  });

  it('asks auth-service at most once in a few seconds per user', async () => {
    const { guard, asked } = guardWith(admin);
    await guard.canActivate(context(request('Bearer t')));
    await guard.canActivate(context(request('Bearer t')));
    expect(asked).toEqual([ADMIN]);
  });
});
