import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Account, Configuration } from 'oidc-provider';

/**
 * A real OpenID provider (panva's oidc-provider, the certified server that openid-client is
 * tested against) standing in for Google in the e2e and browser tests. The stack's auth-service
 * reaches it through GOOGLE_ISSUER, by the same code path as production.
 *
 * Its login form (oidc-provider's devInteractions) takes any login: the login is the person,
 * encoded by personLogin(), so that each test signs in as whoever it needs without a shared
 * account list. The `sub` of that person is the login itself.
 */

/** Who signs in at the test provider: the claims Google would put in the ID token. */
export interface TestPerson {
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

/** What the login form's "login" field must hold to sign in as this person (also their `sub`). */
export function personLogin(person: TestPerson): string {
  return Buffer.from(JSON.stringify(person)).toString('base64url');
}

function personOf(login: string): TestPerson | undefined {
  try {
    const person = JSON.parse(Buffer.from(login, 'base64url').toString('utf8')) as TestPerson;
    return typeof person.email === 'string' ? person : undefined;
  } catch {
    return undefined;
  }
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

// Said once by oidc-provider about choices that are right for a test stand-in.
const EXPECTED_WARNINGS = [
  /Unsupported runtime/,
  /devInteractions is enabled/,
  /in-memory adapter/,
];

/** Starts the provider on a spare port of 127.0.0.1, with one client for this redirect URI. */
export async function startOidcProvider(options: {
  redirectUri: string;
}): Promise<TestOidcProvider> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'kartlink-e2e';
  const clientSecret = randomBytes(24).toString('base64url');

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: (_ctx, accountId): Account | undefined => {
      const person = personOf(accountId);
      return person && { accountId, claims: () => ({ sub: accountId, ...person }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    // As Google does: the scopes' claims are in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'e2e', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // Explicit, so that the provider does not remind us of its defaults on every run.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
  };

  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (!EXPECTED_WARNINGS.some((expected) => expected.test(text))) warn(...args);
  };
  try {
    // oidc-provider is an ES module; Node 20.19+ loads it from CommonJS.
    const { Provider } = await import('oidc-provider');
    const provider = new Provider(issuer, configuration);
    handle = provider.callback();
  } catch (err) {
    server.close();
    throw err;
  } finally {
    console.warn = warn;
  }

  return {
    issuer,
    clientId,
    clientSecret,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
