import { describeInfrastructure } from './discover';

describe('describeInfrastructure', () => {
  it('gives one line per service saying where it was found, with passwords masked', () => {
    const lines = describeInfrastructure({
      postgres: { url: 'postgres://app:hunter2@db:5432/kartlink', origin: 'env' },
      redis: { url: 'redis://127.0.0.1:6379', origin: 'local-default' },
      nats: { url: 'nats://127.0.0.1:40001', origin: 'project-started' },
    });
    expect(lines).toEqual([
      expect.stringMatching(
        /^PostgreSQL +postgres:\/\/app:\*\*\*@db:5432\/kartlink +\(from DATABASE_URL\)$/,
      ),
      expect.stringMatching(/^Redis +redis:\/\/127\.0\.0\.1:6379 +\(local default\)$/),
      expect.stringMatching(
        /^NATS JetStream +nats:\/\/127\.0\.0\.1:40001 +\(project-local, started in \.data\/\)$/,
      ),
    ]);
    expect(lines.join('\n')).not.toContain('hunter2');
  });
});
