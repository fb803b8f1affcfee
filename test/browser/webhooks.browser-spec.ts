import { waitFor } from '@kartlink/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { signUp, Visitor } from '../support/auth-client';
import {
  accessibilityViolations,
  at,
  launchChromium,
  SMALL_ANDROID_PHONE,
  screenshotOnFailure,
  signInThroughScreens,
} from '../support/browser';

// An owner on a 320 px phone adds a webhook pointing at a local receiver (allowed over http by
// WEBHOOK_ALLOW_HTTP_HOSTS in test/stack-setup.ts), copies its secret, sends a test event and
// sees it delivered in the log.
jest.setTimeout(120_000);

let browser: Browser;
let receiver: Server;
let endpointUrl: string;
const events: string[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      events.push((JSON.parse(Buffer.concat(chunks).toString()) as { type: string }).type);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpointUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

it('adds a webhook, shows its secret once and lists a test delivery', async () => {
  const owner = new Visitor();
  const { email } = await signUp(owner);
  await owner.call('PUT', '/shop/settings', {
    shopUrl: `hooks-${Date.now().toString(36)}`,
    shopName: 'Hooked Crafts',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });

  const context = await browser.newContext(SMALL_ANDROID_PHONE);
  const page = await context.newPage();
  await screenshotOnFailure(page, 'webhooks', async () => {
    await signInThroughScreens(page, email);
    await page.goto(at('/dashboard/webhooks'));
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByLabel('Endpoint URL').fill(endpointUrl);
    await page.getByRole('checkbox', { name: /shop\.updated/ }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();

    const secret = page.getByRole('region', { name: 'Your signing secret' });
    await secret.getByText(/^whsec_/).waitFor();
    const endpoints = page.getByRole('list', { name: 'Endpoints' });
    await endpoints.getByText(endpointUrl).waitFor();
    await endpoints.getByText('Active').waitFor();

    await page.getByRole('button', { name: 'Send test event' }).click();
    await waitFor(() => events.includes('webhook.test'), { description: 'the test event' });
    const deliveries = page.getByRole('list', { name: 'Deliveries' });
    // The log is read again until the delivery shows as delivered.
    await waitFor(
      async () => {
        await page.getByRole('button', { name: /^Refresh/ }).click();
        return (await deliveries.getByText('Delivered').count()) > 0;
      },
      { intervalMs: 500, description: 'the delivery shown as delivered' },
    );
    await deliveries.getByText(/HTTP 204/).waitFor();

    const overflow = (await page.evaluate(
      '(() => document.documentElement.scrollWidth - window.innerWidth)()',
    )) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page, { minImpact: 'serious' })).toEqual([]);
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByText(/^whsec_/).count()).toBe(0);
  });
  await context.close();
});
