import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { at, launchChromium } from '../support/browser';

// Drives the built web app, served by the gateway that test/stack-setup.ts starts.
jest.setTimeout(60_000);

let browser: Browser;

/** A page in a fresh browser context: empty local storage, light system theme, phone-sized. */
async function open(path: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    colorScheme: 'light',
    viewport: { width: 390, height: 844 },
    ...options,
  });
  const page = await context.newPage();
  await page.goto(at(path));
  return page;
}

// Browser-side expressions are strings: this file is type-checked without the DOM library.
const shownTheme = (page: Page) => page.locator('html').getAttribute('data-theme');

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('web app shell', () => {
  it('opens the home page with its heading and a Sign Up button that leads to /auth', async () => {
    const page = await open('/');
    await page
      .getByRole('heading', { level: 1, name: 'One link for every store you sell on' })
      .waitFor();
    expect(await page.title()).toBe('Home | Kartlink');

    // Mobile first: nothing sticks out sideways on a phone.
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('banner').getByRole('link', { name: 'Sign Up', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await page.context().close();
  });

  it('shows the 404 page for an unknown deep path', async () => {
    const page = await open('/some/unknown/deep/path');
    await page.getByRole('heading', { name: "Look like you're lost" }).waitFor();
    expect(await page.getByText('The page you are looking for is not available!').isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    await page.context().close();
  });

  it('keeps the dark mode choice across a reload, and forces it off on a public shop page', async () => {
    const page = await open('/');
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    await toggle.waitFor();
    expect(await shownTheme(page)).toBe('light');

    await toggle.click();
    expect(await shownTheme(page)).toBe('dark');

    await page.reload();
    await page
      .getByRole('heading', { level: 1, name: 'One link for every store you sell on' })
      .waitFor();
    expect(await shownTheme(page)).toBe('dark');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    const background = await page.evaluate<string>(
      'getComputedStyle(document.body).backgroundColor',
    );
    expect(background).toBe('rgb(14, 16, 24)');

    await page.goto(at('/some-shop'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await shownTheme(page)).toBe('light');

    await page.goto(at('/privacy-policy'));
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await shownTheme(page)).toBe('dark');
    await page.context().close();
  });

  it("follows the system's dark preference when nothing is stored", async () => {
    const page = await open('/', { colorScheme: 'dark' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await shownTheme(page)).toBe('dark');
    await page.context().close();
  });
});
