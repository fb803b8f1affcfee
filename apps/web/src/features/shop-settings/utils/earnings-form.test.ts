import { DEFAULT_EARNINGS, EarningsMessages } from '@kartlink/contracts';
import { describe, expect, it } from 'vitest';
import {
  earningsFieldOf,
  earningsOf,
  earningsProblems,
  earningsValuesOf,
  newNetworkRow,
} from './earnings-form';

describe('the Earnings form values', () => {
  it('shows a ready network by its id, and a template that is not quite the ready one whole', () => {
    const values = earningsValuesOf({
      ...DEFAULT_EARNINGS,
      networks: [
        {
          network: 'cuelinks',
          template:
            'https://linksredirect.com/?cid=98765&source=linkkit&url={url}&subid={shortCode}',
          hosts: ['myntra.com'],
        },
        {
          network: 'inrdeals',
          template: 'https://inr.deals/track?id=asha&url={url}',
          hosts: ['ajio.com', 'meesho.com'],
        },
      ],
    });
    expect(values.networks).toEqual([
      { network: 'cuelinks', id: '98765', template: '', hosts: 'myntra.com' },
      {
        network: 'custom',
        id: '',
        template: 'https://inr.deals/track?id=asha&url={url}',
        hosts: 'ajio.com, meesho.com',
      },
    ]);
    // Saved again unchanged.
    expect(earningsOf(values).networks.map((n) => n.template)).toEqual([
      'https://linksredirect.com/?cid=98765&source=linkkit&url={url}&subid={shortCode}',
      'https://inr.deals/track?id=asha&url={url}',
    ]);
  });

  it('sends store hosts bare and each once, and the id encoded into the template', () => {
    const values = earningsValuesOf(DEFAULT_EARNINGS);
    values.networks = [
      {
        ...newNetworkRow('inrdeals'),
        id: ' a&b ',
        hosts: 'https://www.Myntra.com/x, ajio.com ajio.com',
      },
    ];
    expect(earningsOf(values).networks).toEqual([
      {
        network: 'inrdeals',
        template: 'https://inr.deals/track?id=a%26b&url={url}&subid={shortCode}',
        hosts: ['myntra.com', 'ajio.com'],
      },
    ]);
  });

  it('turns localization off with a single marketplace, and empties a blank Flipkart id', () => {
    const values = {
      ...earningsValuesOf(DEFAULT_EARNINGS),
      amazonTags: [{ marketplace: 'amazon.in', tag: ' asha-21 ' }],
      localizeAmazon: true,
      flipkartAffiliateId: '  ',
    };
    expect(earningsOf(values)).toMatchObject({
      amazonTags: [{ marketplace: 'amazon.in', tag: 'asha-21' }],
      localizeAmazon: false,
      flipkartAffiliateId: null,
    });
  });

  it('finds each problem on its own field, numbered as the server numbers it', () => {
    const values = {
      ...earningsValuesOf(DEFAULT_EARNINGS),
      amazonTags: [
        { marketplace: 'amazon.in', tag: 'asha-21' },
        { marketplace: 'amazon.in', tag: 'other-21' },
      ],
      networks: [
        {
          network: 'custom' as const,
          id: '',
          template: 'https://ok.example/?u={url}',
          hosts: 'myntra.com',
        },
        {
          network: 'custom' as const,
          id: '',
          template: 'http://plain.example/?u={url}',
          hosts: 'not a host',
        },
      ],
    };
    expect(earningsProblems(values)).toEqual({
      'amazonTags.1.marketplace': EarningsMessages.duplicateMarketplace('amazon.in'),
      'networks.1.template': EarningsMessages.templateShape(2),
      'networks.1.hosts': EarningsMessages.networkHost('not'),
    });
    expect(earningsFieldOf(EarningsMessages.templateShape(2), values)).toBe('networks.1.template');
    expect(earningsFieldOf(EarningsMessages.amazonTagShape('amazon.in'), values)).toBe(
      'amazonTags.0.tag',
    );
    expect(earningsFieldOf('Something else', values)).toBeUndefined();
  });
});
