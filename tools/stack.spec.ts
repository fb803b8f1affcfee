import { appEnvironment, APPS } from './stack';

describe('APPS', () => {
  it('is the four services, then the gateway', () => {
    expect(APPS).toEqual([
      'auth-service',
      'shop-service',
      'media-service',
      'analytics-service',
      'gateway',
    ]);
  });
});

describe('appEnvironment', () => {
  const options = {
    rootDir: '/repo',
    infra: {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/kartlink',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: 'kartlink:',
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_SUBJECT_PREFIX: '',
      SMTP_URL: 'smtp://127.0.0.1:1025',
    },
    port: 3000,
    host: '0.0.0.0',
    publicUrl: 'http://localhost:3000',
    webOrigins: ['http://localhost:3000', 'http://localhost:5173'],
    nodeEnv: 'production' as const,
    logLevel: 'info',
  };

  it('sets every variable the apps read, explicitly', () => {
    expect(appEnvironment(options, { PATH: '/usr/bin' })).toEqual({
      PATH: '/usr/bin',
      ...options.infra,
      MAIL_FROM: 'Kartlink <no-reply@kartlink.local>',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      PORT: '3000',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:3000',
      WEB_ORIGIN: 'http://localhost:3000,http://localhost:5173',
      WEB_DIST_DIR: '/repo/apps/web/dist',
      SERVICE_TIMEOUT_MS: '5000',
    });
  });

  it("overrides the caller's infrastructure and port but keeps a chosen sender and timeout", () => {
    const env = appEnvironment(options, {
      PORT: '8080',
      DATABASE_URL: 'postgres://elsewhere/prod',
      MAIL_FROM: 'Shop <shop@example.com>',
      SERVICE_TIMEOUT_MS: '9000',
    });
    expect(env).toMatchObject({
      PORT: '3000',
      DATABASE_URL: options.infra.DATABASE_URL,
      MAIL_FROM: 'Shop <shop@example.com>',
      SERVICE_TIMEOUT_MS: '9000',
    });
  });
});
