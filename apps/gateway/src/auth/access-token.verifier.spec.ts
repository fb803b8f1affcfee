import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import type { ServiceClient } from '../services/service-client';
import { AccessTokenVerifier, AuthMessages } from './access-token.verifier';

const claims = { sub: 'user-1', sid: 'session-1', role: 'user' };
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function setUp() {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'key-1', alg: 'EdDSA', use: 'sig' };
  const services = { request: () => Promise.resolve({ keys: [jwk] }) } as unknown as ServiceClient;
  const sign = (over: { iss?: string; aud?: string; exp?: number } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: 'key-1', typ: 'JWT' })
      .setIssuer(over.iss ?? 'kartlink-auth')
      .setAudience(over.aud ?? 'kartlink')
      .setIssuedAt()
      .setExpirationTime(over.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(privateKey);
  return { verifier: new AccessTokenVerifier(services), jwk, sign };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (err: Error) => err.message,
  );

describe('AccessTokenVerifier', () => {
  it("takes a token auth-service signed, with the user's claims", async () => {
    const { verifier, sign } = await setUp();
    await expect(verifier.verify(await sign())).resolves.toMatchObject(claims);
  });

  it('refuses a token with alg none or HS256, whatever it claims', async () => {
    const { verifier, jwk, sign } = await setUp();
    const [, payload] = (await sign()).split('.');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    // The classic confusion: HMAC "signed" with the public key as the secret.
    const hmac = await new SignJWT({ ...claims, role: 'admin' })
      .setProtectedHeader({ alg: 'HS256', kid: 'key-1', typ: 'JWT' })
      .setIssuer('kartlink-auth')
      .setAudience('kartlink')
      .setExpirationTime('10m')
      .sign(Buffer.from(jwk.x!, 'base64url'));
    expect(await refusal(verifier.verify(unsigned))).toBe(AuthMessages.invalid);
    expect(await refusal(verifier.verify(hmac))).toBe(AuthMessages.invalid);
  });

  it('refuses an expired token, another issuer and another audience', async () => {
    const { verifier, sign } = await setUp();
    expect(
      await refusal(verifier.verify(await sign({ exp: Math.floor(Date.now() / 1000) - 60 }))),
    ).toBe(AuthMessages.expired);
    expect(await refusal(verifier.verify(await sign({ iss: 'someone-else' })))).toBe(
      AuthMessages.invalid,
    );
    expect(await refusal(verifier.verify(await sign({ aud: 'another-app' })))).toBe(
      AuthMessages.invalid,
    );
  });

  describe('a token verified before', () => {
    afterEach(() => {
      jest.restoreAllMocks();
      jest.useRealTimers();
    });
    /** The clock at `ms`, for the verifier and jose alike; timers left real. */
    const clockAt = (ms: number) =>
      jest
        .useFakeTimers({
          doNotFake: [
            'nextTick',
            'setImmediate',
            'clearImmediate',
            'setTimeout',
            'clearTimeout',
            'setInterval',
            'clearInterval',
            'queueMicrotask',
          ],
        })
        .setSystemTime(ms);

    it('is taken again only until it expires', async () => {
      const { verifier, sign } = await setUp();
      const exp = Math.floor(Date.now() / 1000) + 5;
      const token = await sign({ exp });
      await expect(verifier.verify(token)).resolves.toMatchObject(claims);
      await expect(verifier.verify(token)).resolves.toMatchObject(claims);
      clockAt(exp * 1000 - 1);
      await expect(verifier.verify(token)).resolves.toMatchObject(claims);
      clockAt(exp * 1000);
      expect(await refusal(verifier.verify(token))).toBe(AuthMessages.expired);
    });

    it('is not taken again once the key that signed it is gone from the keys read again', async () => {
      const first = await setUp();
      const token = await first.sign();
      // The keys as auth-service publishes them: key-1 at first, then only another one.
      const other = await setUp();
      const rotated = { ...other.jwk, kid: 'key-2' };
      let published = [first.jwk];
      const services = {
        request: () => Promise.resolve({ keys: published }),
      } as unknown as ServiceClient;
      const verifier = new AccessTokenVerifier(services);
      await expect(verifier.verify(token)).resolves.toMatchObject(claims);

      published = [rotated];
      clockAt(Date.now() + 60_000);
      // A token of a key not known yet: the keys are read again.
      const [, payload, signature] = (await other.sign()).split('.');
      const header = Buffer.from(
        JSON.stringify({ alg: 'EdDSA', kid: 'key-2', typ: 'JWT' }),
      ).toString('base64url');
      expect(await refusal(verifier.verify(`${header}.${payload}.${signature}`))).toBe(
        AuthMessages.invalid,
      );
      expect(await refusal(verifier.verify(token))).toBe(AuthMessages.invalid);
    });
  });
});
