import {
  DEFAULT_EARNINGS,
  EarningsMessages,
  mergeEarnings,
  type Shop,
  type ShopEarnings,
  type ShopSettingsBody,
} from '@kartlink/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testShop } from '../../../test/fixtures';
import { fail, mockApi, ok, type Reply } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';
import type { UserEvent } from '@testing-library/user-event';

/** The Earnings page, with a server that merges settings the way shop-service does. */
function openEarnings(earnings: ShopEarnings = DEFAULT_EARNINGS, save?: Reply) {
  let current: Shop = testShop({ earnings });
  const api = mockApi({
    'GET /shop/status': ok(statusOf(current)),
    'GET /shop/user/profile': () => ok(current),
    'PUT /shop/settings': (call) => {
      if (save) return save;
      const body = call.body as ShopSettingsBody;
      current = { ...current, earnings: mergeEarnings(current.earnings, body.earnings ?? {}) };
      return ok(current);
    },
  });
  const app = renderApp('/dashboard/shop/earnings', { user: TEST_USER });
  return { ...app, api };
}

const sentEarnings = (api: ReturnType<typeof openEarnings>['api'], index = 0) =>
  (api.callsTo('PUT /shop/settings')[index]?.body as ShopSettingsBody).earnings;

const section = (name: string) => screen.getByRole('group', { name });

/** Types `text` into `field` in one go (a paste), as typing each letter is slow on a busy machine. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('the Earnings section', () => {
  it('is one of the shop sections, with every setting at its default', async () => {
    openEarnings();
    await screen.findByRole('form', { name: 'Earnings settings' });
    expect(screen.getByRole('heading', { level: 1, name: 'Earnings' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Shop sections' });
    expect(within(menu).getByRole('link', { name: 'Earnings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('switch', { name: 'Open store apps on Android phones' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Add UTM parameters' })).not.toBeChecked();
    expect(
      screen.getByRole('switch', { name: 'Add my Amazon tag to shared /go links too' }),
    ).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Keep it/ })).toBeChecked();
    // One marketplace: nowhere else to send anyone.
    const localize = screen.getByRole('switch', {
      name: "Send visitors to their own country's Amazon",
    });
    expect(localize).toBeDisabled();
    expect(localize).toHaveAccessibleDescription('Needs tags for more than one marketplace.');
  });

  it('explains why adding the Amazon tag to shared links is risky', async () => {
    openEarnings();
    const shared = await screen.findByRole('switch', {
      name: 'Add my Amazon tag to shared /go links too',
    });
    expect(shared).toHaveAccessibleDescription(
      expect.stringContaining('Amazon pays nothing on a “redirecting link”'),
    );
  });

  it('saves Amazon tags per marketplace, the Flipkart id, networks and the switches', async () => {
    const { user, api } = openEarnings();
    const amazon = await screen.findByRole('group', { name: 'Amazon Associates' });
    await user.click(within(amazon).getByRole('button', { name: 'Add an Amazon tag' }));
    await fill(user, within(amazon).getByLabelText('Tag on amazon.in'), 'asha-21');
    await user.click(within(amazon).getByRole('button', { name: 'Add another marketplace' }));
    // The next free marketplace; the one taken cannot be chosen twice.
    const second = within(amazon).getByLabelText('Marketplace 2');
    expect(second).toHaveValue('amazon.com');
    expect(within(second).getByRole('option', { name: 'amazon.in (India)' })).toBeDisabled();
    await user.selectOptions(second, 'amazon.co.uk');
    await fill(user, within(amazon).getByLabelText('Tag on amazon.co.uk'), 'ashauk-21');
    const localize = within(amazon).getByRole('switch', {
      name: "Send visitors to their own country's Amazon",
    });
    expect(localize).toBeEnabled();
    await user.click(localize);

    await fill(
      user,
      within(section('Flipkart')).getByLabelText('Flipkart affiliate id (affid)'),
      'ashaaff',
    );

    const networks = section('Affiliate networks');
    await user.click(within(networks).getByRole('button', { name: 'Add Cuelinks' }));
    await fill(user, within(networks).getByLabelText('Cuelinks channel id (cid)'), '12345');
    expect(within(networks).getByLabelText('Stores for Cuelinks')).toHaveValue(
      'flipkart.com, myntra.com, ajio.com',
    );
    await user.click(within(networks).getByRole('button', { name: 'Add another network' }));
    const template = within(networks).getByLabelText('Link template');
    await user.clear(template);
    await user.click(template);
    await user.paste('https://net.example/r?to={url}&s={shortCode}');
    await fill(
      user,
      within(networks).getByLabelText('Stores for Other'),
      'https://www.Meesho.com/',
    );

    await user.click(screen.getByRole('switch', { name: 'Add UTM parameters' }));
    await user.click(screen.getByRole('radio', { name: 'Replace it with mine' }));
    await user.click(screen.getByRole('switch', { name: 'Open store apps on Android phones' }));
    await user.click(screen.getByRole('button', { name: 'Save earnings settings' }));

    expect(await screen.findByText('Earnings settings saved')).toBeInTheDocument();
    expect(sentEarnings(api)).toEqual({
      amazonTags: [
        { marketplace: 'amazon.in', tag: 'asha-21' },
        { marketplace: 'amazon.co.uk', tag: 'ashauk-21' },
      ],
      flipkartAffiliateId: 'ashaaff',
      networks: [
        {
          network: 'cuelinks',
          template:
            'https://linksredirect.com/?cid=12345&source=linkkit&url={url}&subid={shortCode}',
          hosts: ['flipkart.com', 'myntra.com', 'ajio.com'],
        },
        {
          network: 'custom',
          template: 'https://net.example/r?to={url}&s={shortCode}',
          hosts: ['meesho.com'],
        },
      ],
      utm: true,
      existingTags: 'replace',
      amazonOnSharedLinks: false,
      localizeAmazon: true,
      openInApp: false,
    });
  });

  it('shows saved settings again, a ready network by its id', async () => {
    openEarnings({
      ...DEFAULT_EARNINGS,
      amazonTags: [{ marketplace: 'amazon.in', tag: 'asha-21' }],
      networks: [
        {
          network: 'inrdeals',
          template: 'https://inr.deals/track?id=asha77&url={url}&subid={shortCode}',
          hosts: ['myntra.com'],
        },
      ],
      openInApp: false,
    });
    expect(await screen.findByLabelText('Tag on amazon.in')).toHaveValue('asha-21');
    expect(screen.getByLabelText('INRDeals id')).toHaveValue('asha77');
    expect(screen.getByLabelText('Stores for INRDeals')).toHaveValue('myntra.com');
    expect(
      screen.getByRole('switch', { name: 'Open store apps on Android phones' }),
    ).not.toBeChecked();
  });

  it('says what is wrong on the field itself, in the rules the server applies, before sending', async () => {
    const { user, api } = openEarnings();
    await user.click(await screen.findByRole('button', { name: 'Add an Amazon tag' }));
    const tag = screen.getByLabelText('Tag on amazon.in');
    await fill(user, tag, 'not a tag');
    await user.click(screen.getByRole('button', { name: 'Add INRDeals' }));
    await user.clear(screen.getByLabelText('Stores for INRDeals'));
    await user.click(screen.getByRole('button', { name: 'Save earnings settings' }));

    expect(tag).toHaveAccessibleDescription(
      'The Amazon tag for amazon.in must be your Associates tracking id, such as yourshop-21',
    );
    expect(tag).toHaveFocus();
    expect(screen.getByLabelText('INRDeals id')).toHaveAccessibleDescription(
      'Enter your id, or remove this network',
    );
    expect(screen.getByLabelText('Stores for INRDeals')).toHaveAccessibleDescription(
      expect.stringContaining('A network template needs 1 to 20 store hosts'),
    );
    expect(api.callsTo('PUT /shop/settings')).toHaveLength(0);

    // Removing the network takes its problems with it.
    await user.click(screen.getByRole('button', { name: 'Remove INRDeals network 1' }));
    expect(screen.queryByLabelText('INRDeals id')).not.toBeInTheDocument();
  });

  it("puts the server's problems on their fields", async () => {
    const { user } = openEarnings(
      DEFAULT_EARNINGS,
      fail(400, 'Please check your input and try again.', 'VALIDATION_ERROR', [
        {
          path: 'earnings.flipkartAffiliateId',
          msg: 'This affiliate id is already used by another shop',
        },
      ]),
    );
    const flipkart = await screen.findByLabelText('Flipkart affiliate id (affid)');
    await fill(user, flipkart, 'taken.id');
    await user.click(screen.getByRole('button', { name: 'Save earnings settings' }));
    expect(
      await screen.findByText('This affiliate id is already used by another shop'),
    ).toBeVisible();
    expect(flipkart).toHaveAccessibleDescription(
      expect.stringContaining('This affiliate id is already used by another shop'),
    );
  });

  it('places a problem the server names for the earnings as a whole on the field it is about', async () => {
    const { user } = openEarnings(
      {
        ...DEFAULT_EARNINGS,
        amazonTags: [{ marketplace: 'amazon.in', tag: 'asha-21' }],
        networks: [
          { network: 'custom', template: 'https://net.example/?u={url}', hosts: ['myntra.com'] },
        ],
      },
      fail(400, 'Please check your input and try again.', 'VALIDATION_ERROR', [
        { path: 'earnings', msg: EarningsMessages.templateShape(1) },
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Save earnings settings' }));
    const template = screen.getByLabelText('Link template');
    await waitFor(() =>
      expect(template).toHaveAccessibleDescription(
        expect.stringContaining(EarningsMessages.templateShape(1)),
      ),
    );
    expect(template).toHaveFocus();
    // On the field only, not above the form as well.
    expect(screen.getAllByText(EarningsMessages.templateShape(1))).toHaveLength(1);
  });
});
