import {
  affiliateUrl,
  amazonAsinOf,
  amazonMarketplaceOf,
  EarningsMessages,
  mergeEarnings,
  networkTemplate,
  shopEarningsProblem,
  type AffiliateContext,
} from './affiliate-url';
import { DEFAULT_EARNINGS, type ShopEarnings } from './store-routing';

const tapped: AffiliateContext = {
  shortCode: 'red-silk',
  shopUrl: 'priya-sarees',
  tapped: true,
  country: null,
  affiliateTags: true,
};
const shared: AffiliateContext = { ...tapped, tapped: false };
const earn = (over: Partial<ShopEarnings>): ShopEarnings => ({ ...DEFAULT_EARNINGS, ...over });
const amazonIn = earn({ amazonTags: [{ marketplace: 'amazon.in', tag: 'priya-21' }] });

describe('affiliateUrl: Amazon', () => {
  it.each([
    ['https://www.amazon.in/dp/B0C1234567', 'https://www.amazon.in/dp/B0C1234567?tag=priya-21'],
    [
      'https://www.amazon.in/Silk-Saree-Zari/dp/B0C1234567/ref=sr_1_3?crid=2X&keywords=silk+saree&qid=1700000000&sr=8-3',
      'https://www.amazon.in/Silk-Saree-Zari/dp/B0C1234567/ref=sr_1_3?crid=2X&keywords=silk+saree&qid=1700000000&sr=8-3&tag=priya-21',
    ],
    [
      'https://www.amazon.in/gp/product/B0C1234567/?th=1&psc=1',
      'https://www.amazon.in/gp/product/B0C1234567/?th=1&psc=1&tag=priya-21',
    ],
    ['https://m.amazon.in/dp/B0C1234567', 'https://m.amazon.in/dp/B0C1234567?tag=priya-21'],
    ['https://amazon.in/dp/B0C1234567', 'https://amazon.in/dp/B0C1234567?tag=priya-21'],
    ['https://WWW.AMAZON.IN/dp/B0C1234567', 'https://WWW.AMAZON.IN/dp/B0C1234567?tag=priya-21'],
    [
      'https://www.amazon.in/dp/B0C1234567?th=1#customerReviews',
      'https://www.amazon.in/dp/B0C1234567?th=1&tag=priya-21#customerReviews',
    ],
    [
      'https://www.amazon.in/s?k=kanjivaram%20saree&rh=n%3A1968256031',
      'https://www.amazon.in/s?k=kanjivaram%20saree&rh=n%3A1968256031&tag=priya-21',
    ],
  ])('tags %s when tapped', (stored, expected) => {
    expect(affiliateUrl(stored, amazonIn, tapped)).toBe(expected);
  });

  it('adds no tag to a shared link unless the owner turned that on', () => {
    const url = 'https://www.amazon.in/dp/B0C1234567';
    expect(affiliateUrl(url, amazonIn, shared)).toBe(url);
    expect(affiliateUrl(url, { ...amazonIn, amazonOnSharedLinks: true }, shared)).toBe(
      `${url}?tag=priya-21`,
    );
  });

  it('keeps or replaces a tag already in the URL, as the owner chose', () => {
    const url = 'https://www.amazon.in/dp/B0C1234567?tag=someone-21&th=1';
    expect(affiliateUrl(url, amazonIn, tapped)).toBe(url);
    expect(affiliateUrl(url, { ...amazonIn, existingTags: 'replace' }, tapped)).toBe(
      'https://www.amazon.in/dp/B0C1234567?tag=priya-21&th=1',
    );
    expect(
      affiliateUrl(
        'https://www.amazon.in/dp/B0C1234567?tag=a-21&x=1&tag=b-21',
        { ...amazonIn, existingTags: 'replace' },
        tapped,
      ),
    ).toBe('https://www.amazon.in/dp/B0C1234567?tag=priya-21&x=1');
  });

  it('uses the tag of the URL’s own marketplace only', () => {
    const many = earn({
      amazonTags: [
        { marketplace: 'amazon.in', tag: 'priya-21' },
        { marketplace: 'amazon.com', tag: 'priyaus-20' },
        { marketplace: 'amazon.co.uk', tag: 'priyauk-21' },
        { marketplace: 'amazon.de', tag: 'priyade-21' },
        { marketplace: 'amazon.ae', tag: 'priyaae-21' },
        { marketplace: 'amazon.ca', tag: 'priyaca-20' },
      ],
    });
    for (const [host, tag] of [
      ['www.amazon.com', 'priyaus-20'],
      ['www.amazon.co.uk', 'priyauk-21'],
      ['www.amazon.de', 'priyade-21'],
      ['www.amazon.ae', 'priyaae-21'],
      ['www.amazon.ca', 'priyaca-20'],
    ])
      expect(affiliateUrl(`https://${host}/dp/B0C1234567`, many, tapped)).toBe(
        `https://${host}/dp/B0C1234567?tag=${tag}`,
      );
    expect(affiliateUrl('https://www.amazon.fr/dp/B0C1234567', many, tapped)).toBe(
      'https://www.amazon.fr/dp/B0C1234567',
    );
    expect(affiliateUrl('https://www.amazon.com/dp/B0C1234567', amazonIn, tapped)).toBe(
      'https://www.amazon.com/dp/B0C1234567',
    );
  });

  describe('localization', () => {
    const two = earn({
      localizeAmazon: true,
      amazonTags: [
        { marketplace: 'amazon.in', tag: 'priya-21' },
        { marketplace: 'amazon.com', tag: 'priyaus-20' },
      ],
    });
    const url = 'https://www.amazon.in/Silk-Saree/dp/B0C1234567/ref=sr_1_3?th=1';

    it('sends a US visitor to amazon.com with the US tag', () => {
      expect(affiliateUrl(url, two, { ...tapped, country: 'US' })).toBe(
        'https://www.amazon.com/dp/B0C1234567?tag=priyaus-20',
      );
    });

    it('leaves an Indian visitor, a country without a tag, and a shop with one marketplace', () => {
      expect(affiliateUrl(url, two, { ...tapped, country: 'IN' })).toBe(`${url}&tag=priya-21`);
      expect(affiliateUrl(url, two, { ...tapped, country: 'DE' })).toBe(`${url}&tag=priya-21`);
      expect(affiliateUrl(url, two, { ...tapped, country: null })).toBe(`${url}&tag=priya-21`);
      expect(
        affiliateUrl(url, { ...amazonIn, localizeAmazon: true }, { ...tapped, country: 'US' }),
      ).toBe(`${url}&tag=priya-21`);
    });

    it('is off unless the owner turned it on, and needs a product address (ASIN)', () => {
      expect(
        affiliateUrl(url, { ...two, localizeAmazon: false }, { ...tapped, country: 'US' }),
      ).toBe(`${url}&tag=priya-21`);
      expect(
        affiliateUrl('https://www.amazon.in/s?k=saree', two, { ...tapped, country: 'US' }),
      ).toBe('https://www.amazon.in/s?k=saree&tag=priya-21');
    });
  });

  it('finds marketplaces and ASINs', () => {
    expect(amazonMarketplaceOf('WWW.AMAZON.CO.UK')).toBe('amazon.co.uk');
    expect(amazonMarketplaceOf('amazon.evil.com')).toBeUndefined();
    expect(amazonMarketplaceOf('notamazon.in')).toBeUndefined();
    expect(amazonAsinOf('/Some-Title/dp/b0c1234567/ref=x')).toBe('B0C1234567');
    expect(amazonAsinOf('/gp/product/B0C1234567')).toBe('B0C1234567');
    expect(amazonAsinOf('/s')).toBeUndefined();
  });
});

describe('affiliateUrl: Flipkart', () => {
  const fk = earn({ flipkartAffiliateId: 'priyasar' });
  it.each([
    [
      'https://www.flipkart.com/nalli-silk-saree/p/itm6f1b2c3d4e5f6?pid=SARG7ZK8FHZJ9QXY&lid=LSTSARG7&marketplace=FLIPKART',
      'https://www.flipkart.com/nalli-silk-saree/p/itm6f1b2c3d4e5f6?pid=SARG7ZK8FHZJ9QXY&lid=LSTSARG7&marketplace=FLIPKART&affid=priyasar&affExtParam1=red-silk',
    ],
    [
      'https://dl.flipkart.com/dl/nalli-silk-saree/p/itm6f1b2c3d4e5f6?pid=SARG7ZK8FHZJ9QXY',
      'https://dl.flipkart.com/dl/nalli-silk-saree/p/itm6f1b2c3d4e5f6?pid=SARG7ZK8FHZJ9QXY&affid=priyasar&affExtParam1=red-silk',
    ],
    [
      'https://flipkart.com/p/itm6f1b2c3d4e5f6',
      'https://flipkart.com/p/itm6f1b2c3d4e5f6?affid=priyasar&affExtParam1=red-silk',
    ],
  ])('tags %s, tapped or shared', (stored, expected) => {
    expect(affiliateUrl(stored, fk, tapped)).toBe(expected);
    expect(affiliateUrl(stored, fk, shared)).toBe(expected);
  });

  it('keeps or replaces an affid already there', () => {
    const url = 'https://www.flipkart.com/p/itm1?pid=X&affid=other';
    expect(affiliateUrl(url, fk, tapped)).toBe(`${url}&affExtParam1=red-silk`);
    expect(affiliateUrl(url, { ...fk, existingTags: 'replace' }, tapped)).toBe(
      'https://www.flipkart.com/p/itm1?pid=X&affid=priyasar&affExtParam1=red-silk',
    );
  });
});

describe('affiliateUrl: networks, UTM and the product switch', () => {
  const cuelinks = {
    network: 'cuelinks' as const,
    hosts: ['myntra.com', 'ajio.com', 'flipkart.com'],
    template: networkTemplate('cuelinks', '12345'),
  };
  const inrdeals = {
    network: 'inrdeals' as const,
    hosts: ['meesho.com'],
    template: networkTemplate('inrdeals', 'priya77'),
  };
  const custom = {
    network: 'custom' as const,
    hosts: ['nykaa.com'],
    template: 'https://go.example.net/r?u={url}&s={shortCode}',
  };
  const nets = earn({ networks: [cuelinks, inrdeals, custom] });

  it('wraps Myntra and AJIO in Cuelinks, Meesho in INRDeals, others in the free-form template', () => {
    const myntra = 'https://www.myntra.com/kurtas/anouk/anouk-women-kurta/12345678/buy';
    expect(affiliateUrl(myntra, nets, shared)).toBe(
      `https://linksredirect.com/?cid=12345&source=linkkit&url=${encodeURIComponent(myntra)}&subid=red-silk`,
    );
    const ajio = 'https://www.ajio.com/p/460123456_multi?utm_source=x';
    expect(affiliateUrl(ajio, nets, shared)).toBe(
      `https://linksredirect.com/?cid=12345&source=linkkit&url=${encodeURIComponent(ajio)}&subid=red-silk`,
    );
    const meesho = 'https://www.meesho.com/saree/p/2abcde';
    expect(affiliateUrl(meesho, nets, shared)).toBe(
      `https://inr.deals/track?id=priya77&url=${encodeURIComponent(meesho)}&subid=red-silk`,
    );
    const nykaa = 'https://www.nykaa.com/lipstick/p/123#shades';
    expect(affiliateUrl(nykaa, nets, shared)).toBe(
      `https://go.example.net/r?u=${encodeURIComponent(nykaa)}&s=red-silk`,
    );
  });

  it('prefers the owner’s own Flipkart id to a network', () => {
    expect(
      affiliateUrl(
        'https://www.flipkart.com/p/itm1',
        { ...nets, flipkartAffiliateId: 'me1' },
        shared,
      ),
    ).toBe('https://www.flipkart.com/p/itm1?affid=me1&affExtParam1=red-silk');
    expect(affiliateUrl('https://www.flipkart.com/p/itm1', nets, shared)).toMatch(
      /^https:\/\/linksredirect\.com\//,
    );
  });

  it('wraps Amazon in a network only on a tapped link', () => {
    const viaNet = earn({ networks: [{ ...custom, hosts: ['amazon.in'] }] });
    const url = 'https://www.amazon.in/dp/B0C1234567';
    expect(affiliateUrl(url, viaNet, shared)).toBe(url);
    expect(affiliateUrl(url, viaNet, tapped)).toMatch(/^https:\/\/go\.example\.net\//);
  });

  it('adds UTM parameters, leaving the owner’s own', () => {
    const utm = earn({ utm: true });
    expect(affiliateUrl('https://shop.example.com/item/7?color=red#top', utm, shared)).toBe(
      'https://shop.example.com/item/7?color=red&utm_source=kartlink&utm_medium=shop&utm_campaign=priya-sarees&utm_content=red-silk#top',
    );
    expect(affiliateUrl('https://shop.example.com/item/7?utm_source=insta', utm, shared)).toBe(
      'https://shop.example.com/item/7?utm_source=insta&utm_medium=shop&utm_campaign=priya-sarees&utm_content=red-silk',
    );
  });

  it('changes nothing on a product with tags off', () => {
    const all = earn({
      ...amazonIn,
      ...nets,
      flipkartAffiliateId: 'me1',
      utm: true,
      amazonOnSharedLinks: true,
    });
    for (const url of [
      'https://www.amazon.in/dp/B0C1234567',
      'https://www.flipkart.com/p/itm1',
      'https://www.myntra.com/1/buy',
      'https://shop.example.com/x',
    ])
      expect(affiliateUrl(url, all, { ...tapped, affiliateTags: false })).toBe(url);
  });

  it('changes nothing with no earnings set, not even an odd query', () => {
    for (const url of [
      'https://www.amazon.in/dp/B0C1234567?th=1#x',
      'https://www.amazon.in/dp/B0C1234567?',
      'https://www.flipkart.com/p/itm1?pid=X&&lid=Y',
      'https://WWW.Myntra.com/Kurtas/1/buy#',
    ])
      expect(affiliateUrl(url, DEFAULT_EARNINGS, tapped)).toBe(url);
  });

  it('keeps the rest of an odd query as written when it adds a tag', () => {
    expect(affiliateUrl('https://www.amazon.in/dp/B0C1234567?th=1&&psc=1', amazonIn, tapped)).toBe(
      'https://www.amazon.in/dp/B0C1234567?th=1&psc=1&tag=priya-21',
    );
    expect(affiliateUrl('https://www.amazon.in/dp/B0C1234567?', amazonIn, tapped)).toBe(
      'https://www.amazon.in/dp/B0C1234567?tag=priya-21',
    );
  });
});

describe('shopEarningsProblem', () => {
  it('accepts the defaults and a full setup', () => {
    expect(shopEarningsProblem(DEFAULT_EARNINGS)).toBeUndefined();
    expect(
      shopEarningsProblem({
        amazonTags: [
          { marketplace: 'amazon.in', tag: 'priya-21' },
          { marketplace: 'Amazon.com', tag: 'priya_us-20' },
        ],
        flipkartAffiliateId: 'priyasar',
        networks: [
          {
            network: 'cuelinks',
            hosts: ['myntra.com'],
            template: networkTemplate('cuelinks', '9'),
          },
        ],
        utm: true,
        existingTags: 'replace',
      }),
    ).toBeUndefined();
  });

  it.each([
    [[], EarningsMessages.notAnObject],
    [{ utm: 'yes' }, EarningsMessages.flag('utm')],
    [{ existingTags: 'drop' }, EarningsMessages.existingTags],
    [
      { amazonTags: [{ marketplace: 'amazon.xyz', tag: 'a-21' }] },
      EarningsMessages.unknownMarketplace('amazon.xyz'),
    ],
    [
      { amazonTags: [{ marketplace: 'amazon.in', tag: 'priya' }] },
      EarningsMessages.amazonTagShape('amazon.in'),
    ],
    [
      {
        amazonTags: [
          { marketplace: 'amazon.in', tag: 'a-21' },
          { marketplace: 'amazon.in', tag: 'b-21' },
        ],
      },
      EarningsMessages.duplicateMarketplace('amazon.in'),
    ],
    [{ amazonTags: 'a-21' }, EarningsMessages.amazonTagsList],
    [{ flipkartAffiliateId: 'has space' }, EarningsMessages.flipkartId],
    [
      { networks: [{ network: 'x', hosts: ['a.com'], template: 'https://a.com/?u={url}' }] },
      EarningsMessages.networkKind,
    ],
    [
      { networks: [{ network: 'custom', hosts: [], template: 'https://a.com/?u={url}' }] },
      EarningsMessages.networkHosts,
    ],
    [
      {
        networks: [
          { network: 'custom', hosts: ['not a host'], template: 'https://a.com/?u={url}' },
        ],
      },
      EarningsMessages.networkHost('not a host'),
    ],
    [
      { networks: [{ network: 'custom', hosts: ['a.com'], template: 'http://a.com/?u={url}' }] },
      EarningsMessages.templateShape(1),
    ],
    [
      { networks: [{ network: 'custom', hosts: ['a.com'], template: 'https://a.com/?u=' }] },
      EarningsMessages.templateShape(1),
    ],
    [
      {
        networks: [
          {
            network: 'cuelinks',
            hosts: ['a.com'],
            template: 'https://linksredirect.com/?cid={id}&url={url}',
          },
        ],
      },
      EarningsMessages.templateId(1),
    ],
    [
      {
        networks: Array.from({ length: 11 }, () => ({
          network: 'custom',
          hosts: ['a.com'],
          template: 'https://a.com/?u={url}',
        })),
      },
      EarningsMessages.networksList,
    ],
  ])('refuses %j', (body, message) => {
    expect(shopEarningsProblem(body)).toBe(message);
  });

  it('merges a partial body, tidying what was typed', () => {
    const merged = mergeEarnings(DEFAULT_EARNINGS, {
      amazonTags: [{ marketplace: ' Amazon.IN ', tag: ' priya-21 ' }],
      flipkartAffiliateId: '  ',
      networks: [
        { network: 'custom', hosts: ['WWW.Myntra.com'], template: ' https://a.com/?u={url} ' },
      ],
      openInApp: false,
    });
    expect(merged).toEqual({
      ...DEFAULT_EARNINGS,
      amazonTags: [{ marketplace: 'amazon.in', tag: 'priya-21' }],
      flipkartAffiliateId: null,
      networks: [{ network: 'custom', hosts: ['myntra.com'], template: 'https://a.com/?u={url}' }],
      openInApp: false,
    });
  });
});
