import { pgQuery, stackBaseUrl } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { signUp, Visitor } from '../support/auth-client';
import {
  accessibilityViolations,
  at,
  launchChromium,
  SMALL_ANDROID_PHONE,
  screenshotOnFailure,
  signInThroughScreens,
  takenOver,
} from '../support/browser';
import { testDns } from '../support/dns-server';

// An owner on Premium, on a 320 px phone, adds a custom domain on the shop settings page, sees
// the two DNS records, creates them (in the test DNS server test/stack-setup.ts starts) and
// verifies. Chromium resolves the domain to the stack (--host-resolver-rules), so a visitor
// then opens the shop at the domain itself.
jest.setTimeout(120_000);

const domain = `shop-${Date.now().toString(36)}-${randomInt(1e6)}.example.com`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium([`--host-resolver-rules=MAP ${domain} 127.0.0.1`]);
});

afterAll(async () => {
  await browser?.close();
});

it('adds a domain, shows its records, verifies it and serves the shop there', async () => {
  const owner = new Visitor();
  const { email } = await signUp(owner);
  const shopUrl = `domain-${Date.now().toString(36)}`;
  await owner.call('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Asha Crafts',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  await pgQuery(`UPDATE auth.users SET plan = 'premium' WHERE email = $1`, [email]);
  const product = await owner.post<{ shortCode: string }>('/urls', {
    title: 'Indigo block-print dupatta',
    description: 'Hand block-printed in Bagru',
    price: 899,
    brand: 'Asha',
    originalURLs: ['https://www.amazon.in/dp/B0DUPATTA', 'https://www.myntra.com/dupatta/42'],
  });
  const shortCode = product.body.data!.shortCode;

  const context = await browser.newContext(SMALL_ANDROID_PHONE);
  const page = await context.newPage();
  await screenshotOnFailure(page, 'custom-domain', async () => {
    await signInThroughScreens(page, email);
    await page.goto(at('/dashboard/shop/settings'));
    const section = page.getByRole('region', { name: 'Custom domain' });
    await section.getByLabel('Domain').fill(domain.toUpperCase());
    await section.getByRole('button', { name: 'Add domain' }).click();

    const records = section.getByRole('list', { name: 'DNS records' });
    await records.getByText('ingress.kartlink.test').waitFor();
    await records.getByText(`_kartlink.${domain}`).waitFor();
    const token = await records.getByText(/^kartlink-verify=/).textContent();
    await section.getByText('Pending').waitFor();
    await records.getByRole('button', { name: "Copy the TXT record's value" }).waitFor();

    // Nothing created yet: the check says what is missing.
    await section.getByRole('button', { name: 'Verify now' }).click();
    await section.getByText(`No CNAME record found for ${domain}`, { exact: false }).waitFor();
    await section.getByText('Not verified').waitFor();

    await testDns.set(domain, { CNAME: 'ingress.kartlink.test' });
    await testDns.set(`_kartlink.${domain}`, { TXT: [token!.trim()] });
    await section.getByRole('button', { name: 'Verify now' }).click();
    await section.getByText('Verified', { exact: true }).waitFor();
    await section.getByText('Your shop is live at', { exact: false }).waitFor();

    const overflow = (await page.evaluate(
      '(() => document.documentElement.scrollWidth - window.innerWidth)()',
    )) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page, { minImpact: 'serious' })).toEqual([]);

    // A visitor opens the shop at the domain (the stack's port: the gateway's own).
    const port = new URL(stackBaseUrl()).port;
    const visitor = await context.newPage();
    await visitor.goto(`http://${domain}:${port}/`);
    await visitor.getByRole('heading', { name: 'Asha Crafts' }).first().waitFor();
    await takenOver(visitor);
    expect(
      await visitor.evaluate(
        '(() => document.querySelector(\'link[rel="canonical"]\').getAttribute("href"))()',
      ),
    ).toBe(`http://${domain}/`);
    expect(await accessibilityViolations(visitor, { minImpact: 'serious' })).toEqual([]);
    // The product opens at the domain's own short address.
    await visitor
      .getByRole('link', { name: /Indigo block-print dupatta/ })
      .first()
      .click();
    await visitor.waitForURL(`http://${domain}:${port}/${shortCode}`);
    await visitor.getByRole('heading', { name: 'Indigo block-print dupatta' }).first().waitFor();
  });
  await context.close();
  await testDns.remove(domain);
  await testDns.remove(`_kartlink.${domain}`);
});
