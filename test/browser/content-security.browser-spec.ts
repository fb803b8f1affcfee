import type { ImpersonationToken } from '@kartlink/contracts';
import { pgQuery } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { signUp, Visitor } from '../support/auth-client';
import {
  at,
  launchChromium,
  PHONE_AGENTS,
  PHONE_SCREEN,
  screenshotOnFailure,
  signInThroughScreens,
  signUpThroughScreens,
  uploadShopPhoto,
  waitUntil,
} from '../support/browser';
import { showcaseShop, type ShowcaseShop } from '../support/showcase-shop';

// Issue 16: every screen of SPEC.md works under the gateway's Content-Security-Policy
// (apps/gateway/src/http/security-headers.ts) with nothing refused, and no other site can show
// the dashboard in a frame. Against the built stack test/stack-setup.ts starts.
jest.setTimeout(240_000);

/**
 * Before any of the page's own code: records each `securitypolicyviolation` the document sees
 * (they bubble up from the element refused) in `window.__violations`.
 */
const RECORD_VIOLATIONS = `
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__violations.push(
      event.effectiveDirective + ' refused ' + (event.blockedURI || 'inline') +
        ' (' + (event.sourceFile || location.pathname) + ':' + event.lineNumber + ') ' +
        (event.sample || ''),
    );
  });
`;

let browser: Browser;
let shop: ShowcaseShop;

beforeAll(async () => {
  browser = await launchChromium();
  shop = await showcaseShop({ products: 4, photoSize: { width: 1200, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
});

/**
 * A phone's browser that keeps what the policy refused on each page it shows: from the event
 * (recorded in the page) and from the console, where Chromium reports a refusal too (workers'
 * included).
 */
async function phone(
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; refused: string[] }> {
  const context = await browser.newContext({
    ...PHONE_SCREEN,
    userAgent: PHONE_AGENTS.androidChrome,
    reducedMotion: 'reduce',
    ...options,
  });
  await context.addInitScript(RECORD_VIOLATIONS);
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return { context, page, refused };
}

/** What the page now shown has had refused, by path. */
async function violationsOf(page: Page): Promise<string[]> {
  const seen = (await page.evaluate('window.__violations ?? []')) as string[];
  const path = new URL(page.url()).pathname;
  return seen.map((violation) => `${path}: ${violation}`);
}

/**
 * Opens `path`, waits for its heading, does `then`, and answers what the page had refused by
 * the time the network rests.
 */
async function screen(
  page: Page,
  path: string,
  heading: string | RegExp,
  then?: () => Promise<void>,
): Promise<string[]> {
  await page.goto(at(path));
  await page.getByRole('heading', { name: heading }).first().waitFor();
  await then?.();
  // The lazy parts of the page (route code, pictures) have come by the time the network rests.
  await page.waitForLoadState('networkidle');
  return violationsOf(page);
}

describe('the pages under the Content-Security-Policy', () => {
  it('refuse nothing on any public screen', async () => {
    const product = shop.products[0]!;
    const admin = new Visitor();
    const { email: adminEmail } = await signUp(admin);
    await pgQuery(`UPDATE auth.users SET role = 'admin' WHERE email = $1`, [adminEmail]);
    const made = await admin.post<ImpersonationToken>('/admin/impersonation-tokens', {
      email: shop.email,
    });
    expect(made.status).toBe(201);

    const { context, page, refused } = await phone();
    await screenshotOnFailure(page, 'content-security-public', async () => {
      const violations = [
        ...(await screen(page, '/', 'One link for every store you sell on')),
        ...(await screen(page, '/auth', 'Welcome back')),
        ...(await screen(page, '/auth?tab=signup', 'Create your account')),
        ...(await screen(page, '/privacy-policy', 'Privacy Policy')),
        // The shop and product pages as the server rendered them, with pictures and banners.
        ...(await screen(page, `/${shop.shopUrl}`, 'Diya House', async () => {
          await page
            .getByRole('region', { name: 'Shop banners' })
            .getByRole('img')
            .first()
            .waitFor();
        })),
        ...(await screen(page, `/${shop.shopUrl}/${product.shortCode}`, product.title)),
        ...(await screen(page, '/some/unknown/page', "Look like you're lost")),
        // The admin's sign-in link, asking before it acts.
        ...(await screen(
          page,
          `/admin-login?token=${encodeURIComponent(made.body.data.token)}`,
          'Continue as Asha Rao?',
        )),
        // The API's own page (Swagger UI), under its route's policy: inline styles allowed.
        ...(await screen(page, '/api/docs', /Kartlink API/, async () => {
          await page
            .getByRole('button', { name: /\/api\/auth\/login/ })
            .first()
            .waitFor();
        })),
      ];
      expect(violations).toEqual([]);
      expect(refused).toEqual([]);
    });
    await context.close();
  });

  it('refuse nothing on any dashboard screen, toasts included', async () => {
    const product = shop.products[0]!;
    const { context, page, refused } = await phone();
    await screenshotOnFailure(page, 'content-security-dashboard', async () => {
      await signInThroughScreens(page, shop.email);
      await page.getByRole('heading', { level: 1, name: 'Your dashboard' }).waitFor();
      const violations = [
        ...(await violationsOf(page)),
        ...(await screen(page, '/dashboard/links', 'Your product links')),
        ...(await screen(page, `/dashboard/link/${product.id}`, 'Link details')),
        ...(await screen(page, '/dashboard/create-link', 'Create a product link')),
        ...(await screen(page, '/dashboard/analytics', 'Analytics')),
        ...(await screen(page, '/dashboard/account', 'Your account')),
        ...(await screen(page, '/dashboard/shop', 'Your shop')),
        // Saving shows a toast: react-hot-toast writes its styles in a <style> of its own,
        // allowed by the page's nonce alone.
        ...(await screen(page, '/dashboard/shop/settings', 'Shop settings', async () => {
          await page.getByLabel('Shop name', { exact: true }).fill('Diya House Decor');
          await page.getByRole('button', { name: 'Save settings' }).click();
          const toast = page.locator('.toast').filter({ hasText: 'Shop settings saved' });
          await toast.waitFor();
          // Laid out as react-hot-toast's own stylesheet says: its <style> was let in.
          expect(
            await page.evaluate(
              `getComputedStyle([...document.querySelectorAll('.toast')].find((toast) => toast.textContent.includes('Shop settings saved'))).display`,
            ),
          ).toBe('flex');
        })),
        ...(await screen(page, '/dashboard', 'Your dashboard')),
      ];
      expect(violations).toEqual([]);
      expect(refused).toEqual([]);
    });
    await context.close();
  });
});

describe('the setup wizard under the Content-Security-Policy', () => {
  it('refuses nothing from sign-up to the celebration', async () => {
    const stamp = `${Date.now().toString(36)}${randomInt(1e6).toString(36)}`;
    // Motion allowed: the celebration's confetti is drawn.
    const { context, page, refused } = await phone({ reducedMotion: 'no-preference' });
    await screenshotOnFailure(page, 'content-security-setup', async () => {
      await signUpThroughScreens(page, `csp.${stamp}@example.com`, 'Asha Rao');
      await page.getByRole('heading', { level: 1, name: 'Set up your shop' }).waitFor();
      await page.getByLabel('Shop URL', { exact: true }).fill(`csp-${stamp}`);
      await page.getByText('This shop URL is available!').waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { level: 2, name: 'Basic Information' }).waitFor();
      await page.getByLabel('Shop name').fill('Policy Handlooms');
      await page.getByLabel('Shop description').fill('Handwoven sarees, under a strict policy.');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { level: 2, name: 'Profile Photo' }).waitFor();
      await uploadShopPhoto(page);
      await page.getByRole('button', { name: 'Complete Setup' }).click();
      await page.getByRole('heading', { name: 'Setup Complete!' }).waitFor();
      // The confetti's canvas, drawn on the page's own thread.
      await waitUntil(page, "document.querySelector('body > canvas') !== null");
      await page.getByRole('heading', { level: 1, name: 'Your dashboard' }).waitFor();
      // The app moved there itself: one page all along, every refusal still recorded.
      expect(await violationsOf(page)).toEqual([]);
      expect(refused).toEqual([]);
    });
    await context.close();
  });
});

describe('the dashboard in a frame', () => {
  let framing: Server;
  let framingUrl: string;

  beforeAll(async () => {
    // Another origin (another port) that frames the dashboard, and a page of its own to show
    // that its frames do render otherwise.
    framing = createServer((request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      if (request.url === '/own')
        response.end('<!doctype html><title>own</title><p id="own">Framed fine</p>');
      else
        response.end(
          `<!doctype html><title>framing</title>` +
            `<iframe id="own" src="/own"></iframe>` +
            `<iframe id="dashboard" src="${at('/dashboard')}"></iframe>`,
        );
    });
    await new Promise<void>((resolve) => framing.listen(0, '127.0.0.1', resolve));
    framingUrl = `http://localhost:${(framing.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await new Promise((resolve) => framing?.close(resolve));
  });

  it('is refused by the browser: the frame never shows the app', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await screenshotOnFailure(page, 'content-security-frame', async () => {
      await page.goto(framingUrl);
      await page.waitForLoadState('networkidle');
      const own = page.frames().find((frame) => frame.url().endsWith('/own'));
      expect(await own?.locator('#own').textContent()).toBe('Framed fine');

      const dashboard = page.frameLocator('#dashboard');
      // Chromium shows its error page in place of the app, and says why.
      expect(await dashboard.locator('#root').count()).toBe(0);
      const frameUrls = page.frames().map((frame) => frame.url());
      expect(frameUrls.some((url) => url.startsWith(at('/')))).toBe(false);
      expect(messages.join('\n')).toMatch(/frame-ancestors 'none'/);
    });
    await context.close();
  });
});
