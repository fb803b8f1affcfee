import {
  bool,
  ConfigError,
  describeConfig,
  int,
  loadConfig,
  oneOf,
  origins,
  str,
  timeZone,
  trustedProxies,
  url,
} from './config';

const schema = {
  PORT: int({ description: 'HTTP port', default: 3000, min: 1, max: 65535 }),
  DATABASE_URL: url({
    description: 'PostgreSQL URL',
    protocols: ['postgres', 'postgresql'],
    secret: true,
  }),
  LOG_LEVEL: oneOf(['info', 'debug'] as const, { description: 'log level', default: 'info' }),
  TRUST_PROXY: bool({ description: 'behind a proxy', default: false }),
  WEB_ORIGIN: origins({ description: 'CORS origins', default: ['http://localhost:3000'] }),
  NAME: str({ description: 'name', default: 'x', pattern: /^[a-z]+$/ }),
};

describe('loadConfig', () => {
  it('applies defaults and parses values', () => {
    const config = loadConfig(schema, {
      DATABASE_URL: 'postgres://u:pw@db:5432/kartlink',
      TRUST_PROXY: 'true',
      WEB_ORIGIN: 'https://a.example, https://b.example/',
    });
    expect(config).toEqual({
      PORT: 3000,
      DATABASE_URL: 'postgres://u:pw@db:5432/kartlink',
      LOG_LEVEL: 'info',
      TRUST_PROXY: true,
      WEB_ORIGIN: ['https://a.example', 'https://b.example'],
      NAME: 'x',
    });
  });

  it('lists every problem at once and never shows a secret value', () => {
    let error: unknown;
    try {
      loadConfig(schema, {
        PORT: '70000',
        DATABASE_URL: 'mysql://root:hunter2@db/x',
        LOG_LEVEL: 'loud',
        NAME: 'A1',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems[0]).toBe('PORT must be an integer from 1 to 65535 (got "70000")');
    expect(problems[1]).toBe(
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://',
    );
    expect(problems[2]).toContain('LOG_LEVEL must be one of info, debug');
    expect((error as Error).message).not.toContain('hunter2');
  });

  it('reports a missing required variable with its description', () => {
    expect(() => loadConfig(schema, {})).toThrow('DATABASE_URL is required: PostgreSQL URL');
  });

  it('refuses an empty production-only variable in production, and defaults it elsewhere', () => {
    const withKey = {
      KEY: str({ description: 'a key', default: '', secret: true, requiredInProduction: true }),
    };
    expect(loadConfig(withKey, { NODE_ENV: 'development' })).toEqual({ KEY: '' });
    expect(() => loadConfig(withKey, { NODE_ENV: 'production', KEY: '' })).toThrow(
      'KEY is required in production: a key',
    );
    expect(loadConfig(withKey, { NODE_ENV: 'production', KEY: 'k' })).toEqual({ KEY: 'k' });
  });

  it('describes the configuration with secrets hidden', () => {
    const config = loadConfig(schema, { DATABASE_URL: 'postgres://u:pw@db/k' });
    expect(describeConfig(schema, config)).toMatchObject({ DATABASE_URL: '***', PORT: 3000 });
  });
});

describe('timeZone', () => {
  const zones = {
    TZ_NAME: timeZone({ description: 'reporting time zone', default: 'Asia/Kolkata' }),
  };

  it('accepts IANA time zones, old names included', () => {
    expect(loadConfig(zones, {})).toEqual({ TZ_NAME: 'Asia/Kolkata' });
    expect(loadConfig(zones, { TZ_NAME: 'Asia/Calcutta' })).toEqual({ TZ_NAME: 'Asia/Calcutta' });
    expect(loadConfig(zones, { TZ_NAME: 'UTC' })).toEqual({ TZ_NAME: 'UTC' });
  });

  it('refuses a zone that does not exist, saying what is expected', () => {
    expect(() => loadConfig(zones, { TZ_NAME: 'India/Mumbai' })).toThrow(
      'TZ_NAME must be an IANA time zone such as Asia/Kolkata (got "India/Mumbai")',
    );
  });
});

describe('what each kind of variable accepts', () => {
  it('reads integers in decimal only, and yes/no words as booleans', () => {
    const flags = {
      N: int({ description: 'n', default: 1, min: 0, max: 10 }),
      ON: bool({ description: 'on', default: false }),
    };
    expect(loadConfig(flags, { N: ' 7 ', ON: ' Yes ' })).toEqual({ N: 7, ON: true });
    expect(loadConfig(flags, { ON: 'off' })).toEqual({ N: 1, ON: false });
    for (const N of ['1e1', '0x5', '2.5', 'seven']) {
      expect(() => loadConfig(flags, { N })).toThrow(`N must be an integer from 0 to 10`);
    }
    expect(() => loadConfig(flags, { ON: 'maybe' })).toThrow('ON must be true or false');
  });

  it('refuses an origin with a path, and text that is no URL at all', () => {
    expect(() => loadConfig(schema, { DATABASE_URL: 'postgres://db/k', WEB_ORIGIN: 'x' })).toThrow(
      'WEB_ORIGIN "x" is not an origin such as https://example.com',
    );
    expect(() =>
      loadConfig(schema, { DATABASE_URL: 'postgres://db/k', WEB_ORIGIN: 'https://a.example/app' }),
    ).toThrow('WEB_ORIGIN "https://a.example/app" must be an origin without a path');
    expect(() => loadConfig(schema, { DATABASE_URL: 'not a url' })).toThrow(
      'DATABASE_URL must be a URL',
    );
  });
});

describe('trustedProxies', () => {
  const proxySchema = {
    TRUST_PROXY: trustedProxies({ description: 'proxies in front', default: 0 }),
  };
  const load = (value: string) => loadConfig(proxySchema, { TRUST_PROXY: value }).TRUST_PROXY;
  const problem = (value: string) => {
    try {
      load(value);
    } catch (err) {
      return (err as ConfigError).problems[0];
    }
    return undefined;
  };

  it('takes a number of proxy hops, none by default', () => {
    expect(loadConfig(proxySchema, {}).TRUST_PROXY).toBe(0);
    expect(load('1')).toBe(1);
    expect(load('2')).toBe(2);
    expect(load('false')).toBe(0);
  });

  it('takes a list of proxy addresses and CIDR ranges', () => {
    expect(load('10.0.0.0/8, 192.168.1.7,fd00::/8')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
  });

  it('refuses "true", which trusted any client-sent X-Forwarded-For, and says what to set', () => {
    expect(problem('true')).toBe(
      'TRUST_PROXY must be the number of proxies in front (e.g. 1 behind one ingress) or their addresses or CIDR ranges, comma-separated; "true" would trust an address any client can forge (got "true")',
    );
  });

  it.each(['10.0.0.0/33', 'ingress', '-1', '300.1.1.1'])('refuses %j', (value) => {
    expect(problem(value)).toMatch(/^TRUST_PROXY must be the number of proxies in front/);
  });
});
