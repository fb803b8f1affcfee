import { fetchMail } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Browser, chromium, type Frame, type Locator, type Page } from 'playwright-core';
import sharp from 'sharp';
import { strongPassword } from './auth-client';

/**
 * Debian's Chromium, headless, with the flags this machine's closed network needs, and `args`
 * of the test's own (such as `--host-resolver-rules` for a fake store on this machine).
 */
export function launchChromium(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  });
}

/** Real user agents of the phones most visitors and owners use. */
export const PHONE_AGENTS = {
  /** Chrome on a Samsung Galaxy A54, India's best-selling kind of phone. */
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  /** Instagram's in-app browser on Android: most visitors come from a link there. */
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36 Instagram 330.0.0.40.92 Android',
} as const;

/**
 * The smallest phone screen the dashboard is made for (320 px), Chrome on Android, for
 * `browser.newContext`: where the owner's screens are tested phone-first.
 */
export const SMALL_ANDROID_PHONE = {
  viewport: { width: 320, height: 640 },
  isMobile: true,
  hasTouch: true,
  userAgent: PHONE_AGENTS.androidChrome,
} as const;

/** A phone's screen, light, for `browser.newContext` (its user agent added by the test). */
export const PHONE_SCREEN = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  colorScheme: 'light',
} as const;

/**
 * Waits until a server-rendered public page's code (the public pages' build, on Preact) has
 * taken the whole page over, the parts it takes over in turns included (entry-public.tsx marks
 * the root then): every button on it works.
 */
export async function takenOver(page: Page): Promise<void> {
  await waitUntil(page, "document.getElementById('root').hasAttribute('data-taken-over')");
}

/**
 * Waits until `expression`, evaluated in the page (or, a function, on the locator's element), is
 * truthy, and answers its value. In place of Playwright's waitForFunction, which
 * compiles its predicate with eval inside the page: the pages' Content-Security-Policy refuses
 * that (no 'unsafe-eval'), while evaluate goes through the DevTools protocol, which it does not
 * govern.
 */
export async function waitUntil<T = unknown>(
  target: Page | Frame | Locator,
  expression: string | ((element: never) => unknown),
  { timeoutMs = 30_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // A navigation under way destroys the context: the next try reads the new page.
    const value = await (target as Locator).evaluate(expression).catch((err: unknown) => {
      if (/context was destroyed|navigat/i.test(String(err))) return undefined;
      throw err;
    });
    if (value) return value as T;
    if (Date.now() > deadline)
      throw new Error(`waited ${timeoutMs} ms in vain for ${String(expression).slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The address of `path` on the stack under test (test/stack-setup.ts). */
export function at(path: string): string {
  const base = process.env.KARTLINK_BASE_URL;
  if (!base)
    throw new Error('KARTLINK_BASE_URL is not set; the browser tests need the running stack');
  return new URL(path, base).toString();
}

/** Waits until the address bar shows `path` (the app's own navigations fire no load event). */
export async function reached(page: Page, path: string): Promise<void> {
  await waitUntil(page, `location.pathname === ${JSON.stringify(path)}`);
}

/**
 * The setup wizard's photo step: a real 400×400 PNG chosen from this device, until the wizard
 * says it is uploaded.
 */
export async function uploadShopPhoto(page: Page): Promise<void> {
  const logo = await sharp({
    create: { width: 400, height: 400, channels: 3, background: '#4338ca' },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel('Photo file')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await page.getByText('Image uploaded successfully').waitFor({ timeout: 30_000 });
}

/** Signs up through /auth with the code really e-mailed; ends on /shop/setup. */
export async function signUpThroughScreens(page: Page, email: string, fullName: string) {
  await page.goto(at('/auth?tab=signup'));
  await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Kartlink2026');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor();
  const mail = await fetchMail(email, { timeoutMs: 20_000 });
  const code = /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text ?? ''}`)?.[1];
  if (!code) throw new Error(`no 6-digit code in the mail to ${email}: ${mail.subject}`);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify and create account' }).click();
  await reached(page, '/shop/setup');
}

/** Signs in through /auth with the password auth-client's signUp gives; ends on /dashboard. */
export async function signInThroughScreens(page: Page, email: string) {
  // Each owner signs in from an address of their own (the stack trusts X-Forwarded-For, as
  // behind an ingress): the sign-in and password limits count per address, and a whole run's
  // owners all on 127.0.0.1 would pass them.
  await page.setExtraHTTPHeaders({
    'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  await page.goto(at('/auth'));
  await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(strongPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await reached(page, '/dashboard');
}

/**
 * Runs a browser journey; if it fails, a screenshot of the page as it was is kept in
 * test-results/screenshots/<name>.png (the failure message names it), then the failure goes on.
 */
export async function screenshotOnFailure(
  page: Page,
  name: string,
  journey: () => Promise<void>,
): Promise<void> {
  try {
    await journey();
  } catch (err) {
    const file = join(__dirname, '..', '..', 'test-results', 'screenshots', `${name}.png`);
    mkdirSync(dirname(file), { recursive: true });
    const kept = await page
      .screenshot({ path: file, fullPage: true })
      .then(() => `screenshot: ${file}`)
      .catch((shotError: unknown) => `no screenshot (${String(shotError)})`);
    if (err instanceof Error) err.message = `${err.message}\n${kept}`;
    throw err;
  }
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown }>;
}

const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's rules of `tags` (WCAG 2.1 A and AA unless told) on the page as it is now: each
 * violation of at least `minImpact` (any unless told) as "rule (impact): help, on selectors",
 * so that a failing expectation says what to fix.
 */
export async function accessibilityViolations(
  page: Page,
  {
    minImpact = 'minor',
    tags = WCAG_21_AA,
  }: { minImpact?: (typeof IMPACTS)[number]; tags?: string[] } = {},
): Promise<string[]> {
  // Evaluated, not added as a <script>: the page's Content-Security-Policy refuses inline ones.
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) {
    await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  }
  // Judged at rest: a toast fading in or out has, mid-way, the contrast of its opacity then.
  // Its fades take a fraction of a second; a slow animation (a carousel's) is not waited for.
  await page.evaluate(
    `Promise.race([
       Promise.all(document.getAnimations()
         .filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
         .map((a) => a.finished.catch(() => undefined))),
       new Promise((done) => setTimeout(done, 1000)),
     ])`,
  );
  const violations = (await page.evaluate(
    `axe.run(document, { runOnly: ${JSON.stringify(tags)} }).then((r) => r.violations)`,
  )) as AxeViolation[];
  const floor = IMPACTS.indexOf(minImpact);
  return violations
    .filter((v) => IMPACTS.indexOf((v.impact ?? 'minor') as (typeof IMPACTS)[number]) >= floor)
    .map(
      (v) =>
        `${v.id} (${v.impact ?? 'n/a'}): ${v.help}, on ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    );
}
