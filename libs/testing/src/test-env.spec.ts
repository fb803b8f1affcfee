import { readTestEnv, stackBaseUrl } from './test-env';

const complete = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/kartlink_test_ab12',
  REDIS_URL: 'redis://127.0.0.1:6379',
  REDIS_KEY_PREFIX: 'test:ab12:',
  NATS_URL: 'nats://127.0.0.1:4222',
  NATS_SUBJECT_PREFIX: 'test.ab12.',
  SMTP_URL: 'smtp://127.0.0.1:40025',
  MAILDEV_API_URL: 'http://127.0.0.1:40080',
  KEY_ENCRYPTION_KEYS: 'test-ab12:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
};

describe('readTestEnv', () => {
  it('returns the run settings and nothing else', () => {
    expect(readTestEnv({ ...complete, HOME: '/root' })).toEqual(complete);
  });

  it('names every missing setting and how to get them', () => {
    const { REDIS_KEY_PREFIX: _prefix, MAILDEV_API_URL: _api, ...partial } = complete;
    expect(() => readTestEnv(partial)).toThrow(
      /^REDIS_KEY_PREFIX, MAILDEV_API_URL not set: run this test through Jest's integration/,
    );
  });
});

describe('stackBaseUrl', () => {
  it('reads KARTLINK_BASE_URL', () => {
    expect(stackBaseUrl({ KARTLINK_BASE_URL: 'http://127.0.0.1:41234' })).toBe(
      'http://127.0.0.1:41234',
    );
  });

  it('explains where it comes from when missing', () => {
    expect(() => stackBaseUrl({})).toThrow(/KARTLINK_BASE_URL not set/);
  });
});
