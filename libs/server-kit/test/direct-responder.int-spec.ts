import { ErrorCode } from '@kartlink/contracts';
import { connect, type NatsConnection } from 'nats';
import { setTimeout as sleep } from 'node:timers/promises';
import { DirectResponder } from '../src/direct-responder';
import { createLogger } from '../src/logger';
import { NatsRequester } from '../src/nats-requester';
import { JsonReply, TextReply } from '../src/reply-chunks';
import { currentRequestId, runWithRequestContext } from '../src/request-context';
import { ServiceError } from '../src/service-error';

// The run's NATS, set by the integration setup (@kartlink/testing depends on this library).
const prefix = process.env.NATS_SUBJECT_PREFIX!;
const logger = createLogger('direct-test', 'silent');

describe('a subject answered on a plain subscription', () => {
  let nats: NatsConnection;
  let requester: NatsRequester;
  let responder: DirectResponder;
  const seen: Array<string | undefined> = [];

  beforeAll(async () => {
    nats = await connect({ servers: process.env.NATS_URL! });
    responder = new DirectResponder({
      subject: `${prefix}direct.product`,
      queue: 'direct-test',
      logger,
      handle: async (data) => {
        const { code } = data as { code: string };
        seen.push(currentRequestId());
        if (code === 'slow') await sleep(300);
        if (code === 'missing') throw ServiceError.notFound('Product not found');
        if (code === 'bug') throw new Error('a bug, not for the caller');
        if (code === 'kept') return new JsonReply('{"title":"Kurta \\"kept\\""}');
        if (code === 'large')
          return Array.from({ length: 40_000 }, (_, i) => ({ title: `Kurta ${i} “large”` }));
        if (code === 'text') return new TextReply('name-1\n[1,2]');
        if (code === 'long text') return new TextReply(`name-2\n${'x'.repeat(600_000)}`);
        return { title: `Kurta ${code}`, price: 499 };
      },
    });
    responder.start(nats);
    await nats.flush();
    requester = NatsRequester.connect({
      url: process.env.NATS_URL!,
      name: 'direct-test-requester',
      subjectPrefix: prefix,
      timeoutMs: 2000,
      logger,
    });
  });
  afterAll(async () => {
    await requester?.close();
    await responder?.stop();
    await nats?.close();
  });

  it('answers both ways of asking, with the request id of the asker', async () => {
    const asked = await runWithRequestContext({ requestId: 'req-direct-1' }, () =>
      requester.requestDirect('direct.product', { code: 'a' }),
    );
    expect(asked).toEqual({ title: 'Kurta a', price: 499 });
    expect(await requester.request('direct.product', { code: 'b' })).toEqual({
      title: 'Kurta b',
      price: 499,
    });
    expect(await requester.requestDirect('direct.product', { code: 'kept' })).toEqual({
      title: 'Kurta "kept"',
    });
    expect(seen[0]).toBe('req-direct-1');
  });

  it('answers a reply larger than one message in pieces, and a TextReply as text', async () => {
    const large = await requester.request<Array<{ title: string }>>('direct.product', {
      code: 'large',
    });
    expect(large).toHaveLength(40_000);
    expect(large[39_999]).toEqual({ title: 'Kurta 39999 “large”' });
    expect(await requester.requestText('direct.product', { code: 'text' })).toBe('name-1\n[1,2]');
    expect(await requester.requestText('direct.product', { code: 'a' })).toBe(
      '{"title":"Kurta a","price":499}',
    );
    // Asked over the shared reply subscription: one piece as it is, more asked again in full.
    expect(await requester.requestTextDirect('direct.product', { code: 'text' })).toBe(
      'name-1\n[1,2]',
    );
    expect(await requester.requestTextDirect('direct.product', { code: 'long text' })).toBe(
      `name-2\n${'x'.repeat(600_000)}`,
    );
    expect(await requester.requestTextDirect('direct.product', { code: 'a' })).toBe(
      '{"title":"Kurta a","price":499}',
    );
  });

  it("passes on the handler's error, and a bug as an internal error", async () => {
    await expect(
      requester.requestDirect('direct.product', { code: 'missing' }),
    ).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'Product not found' });
    await expect(requester.request('direct.product', { code: 'missing' })).rejects.toMatchObject({
      code: ErrorCode.NOT_FOUND,
    });
    const bug = await requester.requestDirect('direct.product', { code: 'bug' }).catch((e) => e);
    expect(bug).toBeInstanceOf(ServiceError);
    expect(bug.code).toBe(ErrorCode.INTERNAL_ERROR);
    expect(bug.message).not.toContain('a bug');
  });

  it('answers 504 at once when nobody answers the subject, and after its timeout when slow', async () => {
    await expect(requester.requestDirect('direct.nobody', {})).rejects.toMatchObject({
      code: ErrorCode.SERVICE_TIMEOUT,
    });
    await expect(
      requester.requestDirect('direct.product', { code: 'slow' }, { timeoutMs: 50 }),
    ).rejects.toMatchObject({ code: ErrorCode.SERVICE_TIMEOUT });
  });

  it('answers the requests under way when stopped, then no more', async () => {
    const second = new DirectResponder({
      subject: `${prefix}direct.stopping`,
      queue: 'direct-test',
      logger,
      handle: async () => {
        await sleep(200);
        return 'done';
      },
    });
    second.start(nats);
    // The subscription reaches the server before the request does (they use two connections).
    await nats.flush();
    const pending = requester.requestDirect('direct.stopping', {});
    await sleep(50);
    await second.stop();
    expect(await pending).toBe('done');
    await expect(requester.requestDirect('direct.stopping', {})).rejects.toMatchObject({
      code: ErrorCode.SERVICE_TIMEOUT,
    });
  });
});
