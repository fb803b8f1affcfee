import { ErrorCode } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import { hashSecret } from '../crypto/hashing';
import type { CodesRepository } from './codes.repository';
import { CodeMessages, CodesService, generateCode, MAX_CODE_ATTEMPTS } from './codes.service';
import type { EmailCodeEntity } from './email-code.entity';

/** An in-memory stand-in for the repository, with the same atomic attempt rule. */
function fakeRepository(code: EmailCodeEntity) {
  return {
    takeAttempt: jest.fn(async (_id: string, max: number) => {
      if (code.consumedAt || code.expiresAt.getTime() <= Date.now() || code.attempts >= max)
        return undefined;
      code.attempts += 1;
      return code.attempts;
    }),
    consume: jest.fn(async () => {
      if (code.consumedAt) return false;
      code.consumedAt = new Date();
      return true;
    }),
  } as unknown as CodesRepository;
}

async function openCode(
  secret: string,
  overrides: Partial<EmailCodeEntity> = {},
): Promise<EmailCodeEntity> {
  return {
    id: 'c1',
    email: 'a@b.co',
    purpose: 'registration',
    codeHash: await hashSecret(secret),
    attempts: 0,
    expiresAt: new Date(Date.now() + 60_000),
    consumedAt: null,
    data: null,
    createdAt: new Date(),
    ...overrides,
  };
}

const messageOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (err: ServiceError) => {
      expect(err.code).toBe(ErrorCode.BAD_REQUEST);
      return err.message;
    },
  );

describe('generateCode', () => {
  it('makes 6 digits, leading zeros included, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });
});

describe('CodesService.redeem', () => {
  it('accepts the right code once', async () => {
    const code = await openCode('123456');
    const service = new CodesService(fakeRepository(code));
    await expect(service.redeem(code, '123456')).resolves.toBe(code);
    expect(await messageOf(service.redeem(code, '123456'))).toBe(CodeMessages.expired);
  });

  it('locks the code on the fifth wrong try, so the right one fails after', async () => {
    const code = await openCode('123456');
    const service = new CodesService(fakeRepository(code));
    const messages = [];
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i += 1)
      messages.push(await messageOf(service.redeem(code, '000000')));
    expect(messages).toEqual([...Array(4).fill(CodeMessages.invalid), CodeMessages.locked]);
    expect(await messageOf(service.redeem(code, '123456'))).not.toBe('accepted');
  });

  it('refuses an expired code without spending an attempt', async () => {
    const code = await openCode('123456', { expiresAt: new Date(Date.now() - 1) });
    const repository = fakeRepository(code);
    expect(await messageOf(new CodesService(repository).redeem(code, '123456'))).toBe(
      CodeMessages.expired,
    );
    expect(repository.takeAttempt).not.toHaveBeenCalled();
  });

  it('refuses when there is no open code at all', async () => {
    const service = new CodesService(fakeRepository(await openCode('1')));
    expect(await messageOf(service.redeem(null, '123456'))).toBe(CodeMessages.invalid);
  });

  // A reset code sent to an address opens one only when it has an account: a wrong code must
  // not be refused faster when there is none (finding 5 of the security review).
  it('takes as long to refuse a code when there is none as a wrong one', async () => {
    const code = await openCode('123456');
    const service = new CodesService(fakeRepository(code));
    const time = async (open: EmailCodeEntity | null) => {
      const started = performance.now();
      await messageOf(service.redeem(open, '000000'));
      return performance.now() - started;
    };
    await time(null); // the decoy hash is made once
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1];
    const wrong = median([await time(code), await time(code), await time(code)]);
    const none = median([await time(null), await time(null), await time(null)]);
    expect(none).toBeGreaterThan(wrong / 2);
  });
});
