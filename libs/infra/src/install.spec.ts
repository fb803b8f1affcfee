import { installAdvice } from './install';

describe('installAdvice', () => {
  it('names only the missing services, with the Debian and Homebrew packages to install', () => {
    const advice = installAdvice(['redis', 'nats']);
    expect(advice).toContain('Redis, NATS JetStream: not reachable and not installed.');
    expect(advice).toContain('sudo apt-get install -y redis-server nats-server');
    expect(advice).toContain('brew install redis nats-server');
    expect(advice).not.toMatch(/postgres/i);
  });

  it('offers the environment variables as the other way', () => {
    expect(installAdvice(['postgres'])).toContain('DATABASE_URL, REDIS_URL and NATS_URL');
  });
});
