import { DEFAULT_EARNINGS, type ShopEarnings } from '@kartlink/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testProduct, testShop } from '../../../test/fixtures';
import { mockApi, ok, type Reply } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';
import type { UserEvent } from '@testing-library/user-event';

// The link form's earnings part: the pinned store, the tags switch, where each store sends a
// visitor, and the server's word on shortened links it could not resolve.

const EARNINGS: ShopEarnings = {
  ...DEFAULT_EARNINGS,
  amazonTags: [{ marketplace: 'amazon.in', tag: 'asha-21' }],
  flipkartAffiliateId: 'ashaaff',
  utm: true,
};
const SHOP = testShop({ earnings: EARNINGS });
const SAREE = testProduct();
const UTM = 'utm_source=kartlink&utm_medium=shop&utm_campaign=asha-crafts';

function openCreate(reply: Reply = ok(SAREE)) {
  const api = mockApi({
    'GET /shop/status': ok(statusOf(SHOP)),
    'GET /shop/user/profile': ok(SHOP),
    'POST /urls': reply,
  });
  return { ...renderApp('/dashboard/create-link', { user: TEST_USER }), api };
}

function openDetail(reply: Reply) {
  const api = mockApi({
    'GET /shop/status': ok(statusOf(SHOP)),
    'GET /shop/user/profile': ok(SHOP),
    [`GET /urls/${SAREE.id}`]: ok(SAREE),
    [`PATCH /urls/${SAREE.id}`]: reply,
  });
  return { ...renderApp(`/dashboard/link/${SAREE.id}`, { user: TEST_USER }), api };
}

const finalUrls = () =>
  within(screen.getByRole('region', { name: 'Where visitors land' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('code')?.textContent);

/** Types `text` into `field` in one go (a paste), as typing each letter is slow on a busy machine. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe("the link form's store links", () => {
  it('shows the address each store will receive, with the tags, and none when tags are off', async () => {
    const { user, api } = openCreate();
    await fill(
      user,
      await screen.findByLabelText('Store link 1'),
      'https://www.amazon.in/dp/B0TEST',
    );
    await fill(user, screen.getByLabelText('Store link 2'), 'https://www.flipkart.com/p/itm1');
    await fill(user, screen.getByLabelText('Custom short code (optional)'), 'ikat-saree');

    expect(finalUrls()).toEqual([
      `https://www.amazon.in/dp/B0TEST?tag=asha-21&${UTM}&utm_content=ikat-saree`,
      `https://www.flipkart.com/p/itm1?affid=ashaaff&affExtParam1=ikat-saree&${UTM}&utm_content=ikat-saree`,
    ]);

    await user.click(screen.getByRole('switch', { name: 'Add my affiliate tags' }));
    expect(finalUrls()).toEqual([
      'https://www.amazon.in/dp/B0TEST',
      'https://www.flipkart.com/p/itm1',
    ]);

    await user.selectOptions(screen.getByLabelText('Pinned store'), 'Flipkart');
    await fill(user, screen.getByLabelText('Title'), 'Pochampally ikat saree');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await screen.findByRole('heading', { name: 'Your link is ready' });
    expect(api.callsTo('POST /urls')[0]?.body).toMatchObject({
      affiliateTags: false,
      defaultStore: 'flipkart',
    });
  });

  it('offers only the stores in the rows to pin, and forgets a pin whose store was removed', async () => {
    const { user, api } = openCreate();
    await fill(
      user,
      await screen.findByLabelText('Store link 1'),
      'https://www.amazon.in/dp/B0TEST',
    );
    await fill(user, screen.getByLabelText('Store link 2'), 'https://wa.me/919876543210');
    const pinned = screen.getByLabelText('Pinned store');
    expect(
      within(pinned)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None: your order', 'Amazon', 'WhatsApp']);
    await user.selectOptions(pinned, 'Amazon');
    await user.clear(screen.getByLabelText('Store link 1'));
    await fill(user, screen.getByLabelText('Store link 1'), 'https://www.myntra.com/saree/1');
    expect(pinned).toHaveValue('');
    await fill(user, screen.getByLabelText('Title'), 'Saree');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await screen.findByRole('heading', { name: 'Your link is ready' });
    expect(api.callsTo('POST /urls')[0]?.body).not.toHaveProperty('defaultStore');
  });

  it('says which shortened link the server could not resolve once the link is made', async () => {
    const { user } = openCreate(
      ok({
        ...SAREE,
        originalURLs: ['https://amzn.to/3xYz', 'https://www.flipkart.com/p/itm1'],
        warnings: [
          {
            position: 1,
            url: 'https://amzn.to/3xYz',
            message:
              'This shortened link could not be opened to find the product; it was saved as given.',
          },
        ],
      }),
    );
    await fill(user, await screen.findByLabelText('Store link 1'), 'https://amzn.to/3xYz');
    await fill(user, screen.getByLabelText('Store link 2'), 'https://www.flipkart.com/p/itm1');
    await fill(user, screen.getByLabelText('Title'), 'Pochampally ikat saree');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await screen.findByRole('heading', { name: 'Your link is ready' });
    expect(
      screen.getByText(
        'Store link 1 (https://amzn.to/3xYz): This shortened link could not be opened to find the product; it was saved as given.',
      ),
    ).toBeVisible();
    // And where each store sends a visitor, as saved.
    expect(screen.getByRole('region', { name: 'Where visitors land' })).toBeVisible();
  });

  it('shows the saved links (shortened ones resolved) and a warning on the row that was not', async () => {
    const saved = {
      ...SAREE,
      originalURLs: ['https://www.amazon.in/dp/B0RESOLVED', 'https://fkrt.it/abc'],
      warnings: [
        {
          position: 2,
          url: 'https://fkrt.it/abc',
          message: 'Could not reach fkrt.it: saved as given.',
        },
      ],
    };
    const { user } = openDetail(ok(saved));
    const first = await screen.findByLabelText('Store link 1');
    await user.clear(first);
    await fill(user, first, 'https://amzn.to/ok');
    await user.clear(screen.getByLabelText('Store link 2'));
    await fill(user, screen.getByLabelText('Store link 2'), 'https://fkrt.it/abc');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Could not reach fkrt.it: saved as given.')).toBeVisible();
    expect(screen.getByLabelText('Store link 1')).toHaveValue(
      'https://www.amazon.in/dp/B0RESOLVED',
    );
    const row2 = screen.getByLabelText('Store link 2').closest('li')!;
    expect(within(row2).getByText('Could not reach fkrt.it: saved as given.')).toBeVisible();
  });
});
