import { SOCIAL_PLATFORMS, type Shop, type ShopSettingsBody } from '@kartlink/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { statusOf, testShop } from '../../../test/fixtures';
import { fail, mockApi, ok, type Reply } from '../../../test/mock-api';
import { imageFile, mockImageLoading } from '../../../test/mock-image';
import { created, mockUploads, uploadedImage } from '../../../test/mock-upload';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { TEST_PUBLIC_URL } from '../../../test/public-url';

/** The shop pages, with a server that applies settings the way shop-service does. */
function openShopPage(path: string, shop: Shop = testShop(), routes: Record<string, Reply> = {}) {
  let current = shop;
  const api = mockApi({
    'GET /shop/status': ok(statusOf(shop)),
    'GET /shop/user/profile': () => ok(current),
    'PUT /shop/settings': (call) => {
      const body = call.body as ShopSettingsBody;
      current = {
        ...current,
        ...body,
        socialMedia: Object.fromEntries(
          Object.entries({ ...current.socialMedia, ...body.socialMedia }).filter(([, v]) => v),
        ),
        seo: { ...current.seo, ...body.seo },
      } as Shop;
      return ok(current);
    },
    'POST /shop/validate-url': ok({ isAvailable: true }),
    ...routes,
  });
  const app = renderApp(path, { user: TEST_USER });
  return { ...app, api };
}

describe('the shop overview', () => {
  it('shows the shop, its address to copy and its sections', async () => {
    const { user } = openShopPage('/dashboard/shop');
    const overview = await screen.findByRole('region', { name: 'Overview' });
    expect(within(overview).getByRole('heading', { name: 'Asha Crafts' })).toBeInTheDocument();
    expect(within(overview).getByText('Public')).toBeInTheDocument();
    await user.click(within(overview).getByRole('button', { name: 'Copy shop address' }));
    expect(await navigator.clipboard.readText()).toBe(`${TEST_PUBLIC_URL}/asha-crafts`);
    const sections = screen.getByRole('navigation', { name: 'Shop sections' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Settings', 'Social', 'Earnings', 'SEOPro', 'BannersBeta']);
  });
});

describe('shop settings', () => {
  it('counts the description against its limit and refuses one under 10 characters', async () => {
    const { user, api } = openShopPage('/dashboard/shop/settings');
    const description = await screen.findByLabelText('Description');
    expect(screen.getByText('45/499')).toBeInTheDocument();
    await user.clear(description);
    await user.type(description, 'Too short');
    expect(screen.getByText('9/499')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(description).toHaveAccessibleDescription(
      expect.stringContaining('Description must be at least 10 characters'),
    );
    expect(description).toHaveFocus();
    expect(api.callsTo('PUT /shop/settings')).toHaveLength(0);
  });

  it('checks a new URL and saves only what changed', async () => {
    const { user, api } = openShopPage('/dashboard/shop/settings');
    const url = await screen.findByLabelText('Shop URL');
    await user.clear(url);
    await user.type(url, 'Asha Looms');
    expect(url).toHaveValue('ashalooms');
    expect(await screen.findByText('This shop URL is available!')).toBeInTheDocument();
    expect(screen.getByText(/will stop working/)).toBeInTheDocument();
    expect(api.callsTo('POST /shop/validate-url').at(-1)?.body).toEqual({ shopUrl: 'ashalooms' });

    await user.click(screen.getByRole('switch', { name: 'Shop is public' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Shop settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /shop/settings')[0]?.body).toEqual({
      shopUrl: 'ashalooms',
      isShopPublic: false,
    });
  });

  it('keeps India’s time until the owner picks another zone, and saves the one picked', async () => {
    const { user, api } = openShopPage('/dashboard/shop/settings');
    const zone = await screen.findByLabelText('Your time zone');
    expect(zone).toHaveValue('Asia/Kolkata');
    expect(within(zone).getByRole('option', { name: 'America/New York' })).toBeInTheDocument();

    await user.selectOptions(zone, 'Asia/Dubai');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Shop settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /shop/settings')[0]?.body).toEqual({ timeZone: 'Asia/Dubai' });
  });

  it('does not save a URL that is taken', async () => {
    const taken = 'This shop URL is already taken. Please choose a different one.';
    const { user, api } = openShopPage('/dashboard/shop/settings', testShop(), {
      'POST /shop/validate-url': ok({ isAvailable: false, message: taken }),
    });
    const url = await screen.findByLabelText('Shop URL');
    await user.clear(url);
    await user.type(url, 'someone-else');
    expect(await screen.findByText(taken)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(api.callsTo('PUT /shop/settings')).toHaveLength(0);
  });

  it("shows the server's refusal on its field", async () => {
    const reserved = 'This shop URL is reserved. Please choose a different one.';
    const { user } = openShopPage('/dashboard/shop/settings', testShop(), {
      'PUT /shop/settings': fail(400, reserved, 'VALIDATION_ERROR', [
        { path: 'shopName', msg: 'store name must be at least 3 characters' },
      ]),
    });
    await user.type(await screen.findByLabelText('Shop name'), ' Co');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('store name must be at least 3 characters')).toBeInTheDocument();
  });
});

describe('the shop photo in settings', () => {
  beforeEach(() => {
    mockImageLoading();
  });

  it('uploads a new photo and saves it at once, apart from the other settings', async () => {
    mockUploads({ 'POST /photos/shop': created(uploadedImage('shop-9')) });
    const { user, api } = openShopPage('/dashboard/shop/settings');
    expect(await screen.findByAltText('Shop photo')).toHaveAttribute(
      'src',
      'https://images.example.com/asha.png',
    );
    await user.type(screen.getByLabelText('Shop name'), ' Co');
    await user.upload(screen.getByLabelText('Shop photo file'), imageFile('new.png', 'image/png'));
    expect(await screen.findByText('Image uploaded successfully')).toBeInTheDocument();
    expect(await screen.findByText('Shop photo saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /shop/settings').map((c) => c.body)).toEqual([
      { shopPhotoURL: '/api/photos/shop-9.webp' },
    ]);

    // The name typed before is still to be saved, on its own.
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() => expect(api.callsTo('PUT /shop/settings')).toHaveLength(2));
    expect(api.callsTo('PUT /shop/settings')[1]?.body).toEqual({ shopName: 'Asha Crafts Co' });
  });

  it('removes the photo', async () => {
    const { user, api } = openShopPage('/dashboard/shop/settings');
    await screen.findByAltText('Shop photo');
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Shop photo removed')).toBeInTheDocument();
    expect(api.callsTo('PUT /shop/settings')[0]?.body).toEqual({ shopPhotoURL: null });
    expect(screen.queryByAltText('Shop photo')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a photo' })).toBeInTheDocument();
  });
});

describe('social links', () => {
  it('asks for every platform, with the link each value opens', async () => {
    const { user } = openShopPage('/dashboard/shop/social');
    await screen.findByRole('form', { name: 'Social links' });
    for (const label of ['Instagram', 'Facebook', 'X', 'Twitter (old link)', 'YouTube']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(document.querySelectorAll('.social-field')).toHaveLength(SOCIAL_PLATFORMS.length);

    await user.type(screen.getByLabelText('YouTube'), '@ashacrafts');
    expect(
      screen.getByRole('link', { name: 'https://www.youtube.com/@ashacrafts' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('WhatsApp'), '+91 98765 43210');
    expect(screen.getByRole('link', { name: 'https://wa.me/919876543210' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Website'), 'ashacrafts.in');
    expect(screen.getByRole('link', { name: 'https://ashacrafts.in/' })).toBeInTheDocument();
  });

  it('hides the old Twitter entry once X is filled in', async () => {
    const { user } = openShopPage(
      '/dashboard/shop/social',
      testShop({ socialMedia: { twitter: 'oldasha' } }),
    );
    expect(await screen.findByLabelText('Twitter (old link)')).toHaveValue('oldasha');
    const onShop = () => screen.getByRole('list', { name: 'Links on your shop' });
    expect(within(onShop()).getByRole('link', { name: 'Twitter' })).toHaveAttribute(
      'href',
      'https://x.com/oldasha',
    );

    await user.type(screen.getByLabelText('X'), 'asha');
    expect(screen.queryByLabelText('Twitter (old link)')).not.toBeInTheDocument();
    expect(within(onShop()).getAllByRole('link')).toHaveLength(1);
    expect(within(onShop()).getByRole('link', { name: 'X' })).toHaveAttribute(
      'href',
      'https://x.com/asha',
    );
  });

  it('saves every platform, the emptied ones as empty', async () => {
    const { user, api } = openShopPage(
      '/dashboard/shop/social',
      testShop({ socialMedia: { instagram: 'asha', facebook: 'ashafb' } }),
    );
    await user.clear(await screen.findByLabelText('Facebook'));
    await user.type(screen.getByLabelText('Instagram'), '.crafts');
    await user.click(screen.getByRole('button', { name: 'Save social links' }));
    expect(await screen.findByText('Social links saved')).toBeInTheDocument();
    const sent = (api.callsTo('PUT /shop/settings')[0]?.body as ShopSettingsBody).socialMedia;
    expect(Object.keys(sent ?? {})).toEqual([...SOCIAL_PLATFORMS]);
    expect(sent).toMatchObject({ instagram: 'asha.crafts', facebook: '', x: '' });
  });
});

describe('SEO', () => {
  it('is labelled Pro, counts every text and previews search and sharing', async () => {
    const { user } = openShopPage('/dashboard/shop/seo');
    await screen.findByRole('form', { name: 'SEO settings' });
    const heading = screen.getByRole('heading', { level: 1, name: 'Search and sharing (SEO)' });
    expect(heading.nextElementSibling).toHaveTextContent('Pro');
    expect(heading.nextElementSibling).toHaveClass('badge');
    const search = screen.getByTestId('search-preview');
    const share = screen.getByTestId('share-preview');
    // Empty fields fall back to the shop's own name, description and photo.
    expect(search).toHaveTextContent('Asha Crafts');
    expect(search).toHaveTextContent('Handwoven sarees and stoles from Pochampally.');
    expect(share.querySelector('img')).toHaveAttribute(
      'src',
      'https://images.example.com/asha.png',
    );

    await user.type(screen.getByLabelText('Page title'), 'Ikat sarees from Pochampally');
    expect(screen.getByText('28/70')).toBeInTheDocument();
    expect(search).toHaveTextContent('Ikat sarees from Pochampally');
    expect(share).toHaveTextContent('Ikat sarees from Pochampally');
    await user.type(screen.getByLabelText('Share title'), 'Shop handloom');
    expect(share).toHaveTextContent('Shop handloom');
    expect(search).not.toHaveTextContent('Shop handloom');
    expect(screen.getByText('13/95')).toBeInTheDocument();
    expect(screen.getByText('0/160')).toBeInTheDocument();
  });

  it('refuses texts over their limit and saves the others', async () => {
    const { user, api } = openShopPage('/dashboard/shop/seo');
    const title = await screen.findByLabelText('Page title');
    await user.click(title);
    await user.paste('x'.repeat(71));
    expect(screen.getByText('71/70')).toHaveClass('field__count--over');
    expect(title).toHaveAccessibleDescription(expect.stringContaining('Must be at most 70'));
    await user.click(screen.getByRole('button', { name: 'Save SEO settings' }));
    expect(api.callsTo('PUT /shop/settings')).toHaveLength(0);

    await user.clear(title);
    await user.type(title, 'Asha Crafts sarees');
    await user.type(screen.getByLabelText('Keywords'), 'sarees, ikat');
    await user.click(screen.getByRole('button', { name: 'Save SEO settings' }));
    expect(await screen.findByText('SEO settings saved')).toBeInTheDocument();
    expect((api.callsTo('PUT /shop/settings')[0]?.body as ShopSettingsBody).seo).toMatchObject({
      title: 'Asha Crafts sarees',
      keywords: 'sarees, ikat',
      twitterCard: 'summary_large_image',
    });
  });
});
