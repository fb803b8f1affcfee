// Must come first: lets the imports below resolve @kartlink/* to TypeScript sources.
import '../libs/testing/src/workspace-aliases';
import { findFreePort } from '@kartlink/infra';
import { keepForTeardown, provisionTestRun, TestDnsServer } from '@kartlink/testing';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildAll, Stack } from '../tools/stack';
import { startOidcProvider, type TestOidcProvider } from './support/oidc-provider';

export interface LaunchedStack {
  stack: Stack;
  cleanupRun: () => Promise<void>;
}

/**
 * e2e and browser projects: the whole built product on a spare port, with a fresh database,
 * Redis and NATS prefixes and a MailDev of its own. The apps' logs go to
 * test-results/<project>-stack.log. Builds first unless the test command already did
 * (KARTLINK_BUILT=1). A local OpenID provider stands in for Google (GOOGLE_ISSUER).
 */
export default async function stackSetup(
  _globalConfig: unknown,
  projectConfig: { displayName?: { name?: string } },
): Promise<void> {
  const rootDir = resolve(__dirname, '..');
  const run = await provisionTestRun({ rootDir, databasePrefix: 'kartlink_test_e2e' });
  let google: TestOidcProvider | undefined;
  let dns: TestDnsServer | undefined;
  try {
    if (process.env.KARTLINK_BUILT !== '1') {
      const build = await buildAll(rootDir);
      if (build.code !== 0) throw new Error(`The build failed:\n${build.output}`);
    }
    const resultsDir = join(rootDir, 'test-results');
    mkdirSync(resultsDir, { recursive: true });
    // KARTLINK_STACK_NAME: a second run of a project beside the first writes a log of its own.
    const name = process.env.KARTLINK_STACK_NAME || projectConfig.displayName?.name || 'e2e';
    const logPath = join(resultsDir, `${name}-stack.log`);
    const log = createWriteStream(logPath);
    const port = await findFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    google = await startOidcProvider({ redirectUri: `${baseUrl}/api/auth/google/callback` });
    // The custom-domain tests' DNS: records the tests set (test/support/dns-server.ts).
    dns = await new TestDnsServer().start();
    const stack = new Stack({
      rootDir,
      infra: run.env,
      port,
      host: '127.0.0.1',
      publicUrl: baseUrl,
      webOrigins: [baseUrl],
      nodeEnv: 'test',
      logLevel: 'info',
      // Tests act as many visitors: each sends its own X-Forwarded-For, as an ingress would.
      extraEnv: {
        TRUST_PROXY: '1',
        GOOGLE_ISSUER: google.issuer,
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        // The store-routing tests' fake link shortener listens on 127.0.0.1.
        SHORT_LINK_EXTRA_HOSTS: '127.0.0.1',
        SHORT_LINK_ALLOW_HOSTS: '127.0.0.1',
        // The store-routing tests' blocked hosts: a name with its subdomains, and a pattern.
        BLOCKED_STORE_HOSTS: 'phish.example,*-paytm-*.example',
        // The store-pages tests' fake store listens there too; a slow page gives up sooner.
        STORE_PAGE_ALLOW_HOSTS: '127.0.0.1',
        STORE_PAGE_TIMEOUT_MS: '2000',
        // The webhook tests' receiver listens on 127.0.0.1 over http; retries, timeouts and
        // disabling happen within seconds (retries 0.2 s, 0.4 s, … for ~6 s in all).
        WEBHOOK_ALLOW_HTTP_HOSTS: '127.0.0.1',
        WEBHOOK_TIMEOUT_MS: '1000',
        WEBHOOK_ATTEMPTS: '6',
        WEBHOOK_BACKOFF_MS: '200',
        WEBHOOK_DISABLE_AFTER_MS: '2500',
        // Custom domains are checked against the test DNS server; background checks come
        // within a second, and a verified domain whose records went is failed after 2 s.
        DNS_SERVERS: `127.0.0.1:${dns.port}`,
        CUSTOM_DOMAIN_TARGET: 'ingress.kartlink.test',
        DOMAIN_CHECK_EVERY_MS: '250',
        DOMAIN_RETRY_MS: '500',
        DOMAIN_RECHECK_MS: '1000',
        DOMAIN_GRACE_MS: '2000',
      },
      // Kept as the apps wrote them (pino JSON), so that tests can read the structured fields.
      onLine: (app, line) => log.write(`[${app}] ${line}\n`),
    });
    await stack.start().catch((err: Error) => {
      throw new Error(`${err.message}\nApp logs: ${logPath}`);
    });
    const provider = google;
    const dnsServer = dns;
    keepForTeardown<LaunchedStack>('stack', {
      stack,
      cleanupRun: async () => {
        await provider.stop();
        await dnsServer.stop();
        await run.cleanup();
        log.end();
      },
    });
    Object.assign(process.env, run.env, {
      KARTLINK_BASE_URL: stack.baseUrl,
      // Each app's metrics and health port, by app name (JSON): test/e2e/metrics.e2e-spec.ts.
      KARTLINK_METRICS_URLS: JSON.stringify(stack.metricsUrls),
      KARTLINK_STACK_LOG: logPath,
      KARTLINK_OIDC_ISSUER: google.issuer,
      KARTLINK_TEST_DNS: `127.0.0.1:${dns.port}`,
    });
    console.log(`\n${run.summary}\nstack at ${stack.baseUrl}, app logs in ${logPath}`);
  } catch (err) {
    await google?.stop();
    await dns?.stop();
    await run.cleanup();
    throw err;
  }
}
