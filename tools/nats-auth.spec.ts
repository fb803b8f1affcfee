import { NATS_APPS, natsAuthorizationConfig, natsPasswordKey, natsPermissions } from './nats-auth';

describe('the NATS users of the apps', () => {
  const permissions = natsPermissions('staging.');

  it("lets only the owning service take its subjects' requests", () => {
    const subscribers = (subject: string) =>
      NATS_APPS.filter((app) => permissions[app].subscribe.includes(subject));
    expect(subscribers('staging.auth.>')).toEqual(['auth-service']);
    expect(subscribers('staging.shop.>')).toEqual(['shop-service']);
    expect(subscribers('staging.media.>')).toEqual(['media-service']);
    expect(subscribers('staging.analytics.>')).toEqual(['analytics-service']);
  });

  it('lets services answer only requests they received, and the gateway answer none', () => {
    for (const app of NATS_APPS) {
      expect(permissions[app].publish).not.toContain('_INBOX.>');
      expect(permissions[app].allowResponses).toBe(app !== 'gateway');
    }
    expect(permissions.gateway.publish).not.toContain('staging.events.shop.changed');
    expect(permissions['shop-service'].publish).toContain('staging.events.shop.changed');
  });

  it('writes a user per app with its password', () => {
    const conf = natsAuthorizationConfig({
      gateway: 'pw-g',
      'auth-service': 'pw-a',
      'shop-service': 'pw-s',
      'media-service': 'pw-m',
      'analytics-service': 'pw-x',
    });
    const block = JSON.parse(conf.slice(conf.indexOf('{'))) as {
      users: Array<{ user: string; password: string }>;
    };
    expect(block.users.map(({ user, password }) => `${user}:${password}`)).toEqual([
      'gateway:pw-g',
      'auth-service:pw-a',
      'shop-service:pw-s',
      'media-service:pw-m',
      'analytics-service:pw-x',
    ]);
    expect(natsPasswordKey('auth-service')).toBe('NATS_PASSWORD_AUTH_SERVICE');
  });
});
