import { Redis } from 'ioredis';
import { createConnection } from 'node:net';
import { clearMail, fetchMail, pgQuery, readTestEnv, redisKeys } from '../src';

/** Sends one plain-text mail over SMTP, as an app would. */
function sendMail(smtpUrl: string, from: string, to: string[], subject: string): Promise<void> {
  const { hostname, port } = new URL(smtpUrl);
  const script = [
    'EHLO test',
    `MAIL FROM:<${from}>`,
    ...to.map((address) => `RCPT TO:<${address}>`),
    'DATA',
    `From: ${from}\r\nTo: ${to[0]}\r\nSubject: ${subject}\r\n\r\nHello.\r\n.`,
    'QUIT',
  ];
  return new Promise((resolve, reject) => {
    const socket = createConnection(Number(port), hostname);
    let sent = 0;
    socket.setEncoding('utf8');
    socket.on('data', (reply: string) => {
      if (/^[45]\d\d /m.test(reply)) return reject(new Error(`SMTP: ${reply.trim()}`));
      // One command per final reply line ("250 ", "354 ", "220 "...).
      if (/^\d{3} /m.test(reply) && sent < script.length) socket.write(`${script[sent++]}\r\n`);
    });
    socket.on('end', resolve);
    socket.on('error', reject);
  });
}

describe('the integration test harness', () => {
  const env = readTestEnv();

  it('gives the run a fresh database of its own, named as a test one', async () => {
    const [row] = await pgQuery<{ name: string; tables: string }>(
      `SELECT current_database() AS name,
              (SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public') AS tables`,
    );
    expect(row?.name).toMatch(/^kartlink_test_[a-z0-9]+$/);
    expect(row?.tables).toBe('0');
  });

  it('gives the run its own Redis key and NATS subject prefixes', () => {
    const runId = env.REDIS_KEY_PREFIX.split(':')[1];
    expect(env.REDIS_KEY_PREFIX).toBe(`test:${runId}:`);
    expect(env.NATS_SUBJECT_PREFIX).toBe(`test.${runId}.`);
    expect(env.DATABASE_URL).toMatch(new RegExp(`/kartlink_test_${runId}$`));
  });

  it("lists the run's Redis keys without their prefix, and only those", async () => {
    const redis = new Redis(env.REDIS_URL);
    try {
      await redis.set(`${env.REDIS_KEY_PREFIX}rate:1.2.3.4`, '1');
      await redis.set(`${env.REDIS_KEY_PREFIX}cache:shop:demo`, '{}');
      await redis.set('test:another-run:rate:1.2.3.4', '1');
      expect(await redisKeys('rate:*')).toEqual(['rate:1.2.3.4']);
      // Other suites of the run write keys at the same time: look only at the ones made here.
      expect((await redisKeys()).filter((key) => /^(rate|cache:shop):/.test(key)).sort()).toEqual([
        'cache:shop:demo',
        'rate:1.2.3.4',
      ]);
    } finally {
      await redis.del('test:another-run:rate:1.2.3.4');
      redis.disconnect();
    }
  });

  it('catches the mail sent during the run, by recipient (BCC included)', async () => {
    await clearMail();
    await sendMail(env.SMTP_URL, 'no-reply@kartlink.local', ['owner@example.com'], 'First');
    await sendMail(
      env.SMTP_URL,
      'no-reply@kartlink.local',
      ['owner@example.com', 'Audit@Example.com'],
      'Second',
    );
    expect((await fetchMail('owner@example.com')).subject).toBe('Second');
    expect((await fetchMail('audit@example.com')).subject).toBe('Second');
    await expect(fetchMail('nobody@example.com', { timeoutMs: 300 })).rejects.toThrow(
      'waiting for a mail to nobody@example.com',
    );
  });
});
