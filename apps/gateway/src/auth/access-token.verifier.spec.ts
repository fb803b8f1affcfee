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
});
