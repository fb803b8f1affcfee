import {
  AMAZON_MARKETPLACES,
  EarningsMessages,
  NETWORK_TEMPLATES,
  networkTemplate,
  shopEarningsProblem,
  type NetworkTemplate,
  type ShopEarnings,
} from '@kartlink/contracts';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Amazon's country stores an Associates tag can be set for, amazon.in first (most shops). */
export const MARKETPLACE_CHOICES = Object.entries(AMAZON_MARKETPLACES).map(([host, country]) => ({
  host,
  country: regionNames.of(country) ?? country,
}));

type NetworkKind = NetworkTemplate['network'];
type ReadyNetwork = keyof typeof NETWORK_TEMPLATES;

/**
 * The affiliate networks with a ready template (the contract's NETWORK_TEMPLATES): the owner
 * gives their id and the stores.
 */
export const READY_NETWORKS: Record<
  ReadyNetwork,
  { name: string; idLabel: string; idParam: string }
> = {
  cuelinks: { name: 'Cuelinks', idLabel: 'Cuelinks channel id (cid)', idParam: 'cid' },
  inrdeals: { name: 'INRDeals', idLabel: 'INRDeals id', idParam: 'id' },
};

/** The stores most sellers reach through a network since Flipkart closed its own sign-ups. */
const NETWORK_HOSTS = 'flipkart.com, myntra.com, ajio.com';

export interface AmazonTagRow {
  marketplace: string;
  tag: string;
}

export interface NetworkRow {
  network: NetworkKind;
  /** The owner's id with a ready network. */
  id: string;
  /** The whole template of a custom network. */
  template: string;
  /** Store hosts, as typed: separated by commas or spaces. */
  hosts: string;
}

/** What the Earnings form holds: text as typed. */
export interface EarningsValues {
  amazonTags: AmazonTagRow[];
  flipkartAffiliateId: string;
  networks: NetworkRow[];
  utm: boolean;
  existingTags: ShopEarnings['existingTags'];
  amazonOnSharedLinks: boolean;
  localizeAmazon: boolean;
  openInApp: boolean;
}

/** The owner's id in a ready network's template, or null when the template is not that network's. */
function readyNetworkId(network: ReadyNetwork, template: string): string | null {
  try {
    const url = new URL(template.replaceAll('{', '%7B').replaceAll('}', '%7D'));
    const id = url.searchParams.get(READY_NETWORKS[network].idParam);
    // The template must be the ready one with this id, else it is shown whole.
    return id && networkTemplate(network, id) === template ? id : null;
  } catch {
    return null;
  }
}

function networkRowOf({ network, template, hosts }: NetworkTemplate): NetworkRow {
  const id = network === 'custom' ? null : readyNetworkId(network, template);
  // A ready network's template that does not read as one is kept whole, as a custom one.
  return id === null
    ? { network: 'custom', id: '', template, hosts: hosts.join(', ') }
    : { network, id, template: '', hosts: hosts.join(', ') };
}

export function earningsValuesOf(earnings: ShopEarnings): EarningsValues {
  return {
    amazonTags: earnings.amazonTags.map(({ marketplace, tag }) => ({ marketplace, tag })),
    flipkartAffiliateId: earnings.flipkartAffiliateId ?? '',
    networks: earnings.networks.map(networkRowOf),
    utm: earnings.utm,
    existingTags: earnings.existingTags,
    amazonOnSharedLinks: earnings.amazonOnSharedLinks,
    localizeAmazon: earnings.localizeAmazon,
    openInApp: earnings.openInApp,
  };
}

/** A new row: the first marketplace not taken yet. */
export function newAmazonRow(taken: readonly AmazonTagRow[]): AmazonTagRow {
  const free = MARKETPLACE_CHOICES.find((m) => !taken.some((row) => row.marketplace === m.host));
  return { marketplace: free?.host ?? MARKETPLACE_CHOICES[0].host, tag: '' };
}

export function newNetworkRow(network: NetworkKind): NetworkRow {
  return {
    network,
    id: '',
    template: network === 'custom' ? 'https://' : '',
    hosts: network === 'custom' ? '' : NETWORK_HOSTS,
  };
}

/** "https://www.Myntra.com/x, ajio.com" → ['myntra.com', 'ajio.com']. */
function hostsOf(typed: string): string[] {
  const hosts = typed
    .split(/[\s,]+/)
    .map((host) =>
      host
        .trim()
        .toLowerCase()
        .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
        .replace(/[/?#].*$/, '')
        .replace(/^www\./, ''),
    )
    .filter(Boolean);
  return [...new Set(hosts)];
}

function templateOf(row: NetworkRow): string {
  return row.network === 'custom' ? row.template.trim() : networkTemplate(row.network, row.id);
}

/** The settings as PUT /shop/settings takes them (`earnings`). */
export function earningsOf(values: EarningsValues): ShopEarnings {
  const flipkart = values.flipkartAffiliateId.trim();
  return {
    amazonTags: values.amazonTags.map((row) => ({
      marketplace: row.marketplace,
      tag: row.tag.trim(),
    })),
    flipkartAffiliateId: flipkart || null,
    networks: values.networks.map((row) => ({
      network: row.network,
      template: templateOf(row),
      hosts: hostsOf(row.hosts),
    })),
    utm: values.utm,
    existingTags: values.existingTags,
    amazonOnSharedLinks: values.amazonOnSharedLinks,
    // Only meaningful with a second marketplace to send anyone to.
    localizeAmazon: values.localizeAmazon && values.amazonTags.length > 1,
    openInApp: values.openInApp,
  };
}

export const EarningsFormMessages = {
  saved: 'Earnings settings saved',
  tagRequired: 'Enter your Associates tracking id, or remove this row',
  idRequired: 'Enter your id, or remove this network',
} as const;

// A network row known to pass, to stand before the row checked so that messages count right.
const FINE_NETWORK: NetworkTemplate = {
  network: 'custom',
  hosts: ['example.com'],
  template: 'https://example.com/?u={url}',
};

/**
 * Per field of the form (`amazonTags.0.tag`, `networks.1.hosts`...): what stops a save, in the
 * server's own words (the contract's shopEarningsProblem, asked about one field at a time).
 */
export function earningsProblems(values: EarningsValues): Record<string, string> {
  const problems: Record<string, string> = {};
  const earnings = earningsOf(values);
  earnings.amazonTags.forEach((entry, index) => {
    if (values.amazonTags.slice(0, index).some((row) => row.marketplace === entry.marketplace))
      problems[`amazonTags.${index}.marketplace`] = EarningsMessages.duplicateMarketplace(
        entry.marketplace,
      );
    else if (!entry.tag) problems[`amazonTags.${index}.tag`] = EarningsFormMessages.tagRequired;
    else {
      const problem = shopEarningsProblem({ amazonTags: [entry] });
      if (problem) problems[`amazonTags.${index}.tag`] = problem;
    }
  });
  const flipkart = shopEarningsProblem({ flipkartAffiliateId: earnings.flipkartAffiliateId });
  if (flipkart) problems.flipkartAffiliateId = flipkart;
  earnings.networks.forEach((entry, index) => {
    const before = Array.from({ length: index }, () => FINE_NETWORK);
    const hosts = shopEarningsProblem({
      networks: [...before, { ...FINE_NETWORK, hosts: entry.hosts }],
    });
    if (hosts) problems[`networks.${index}.hosts`] = hosts;
    const row = values.networks[index];
    const template =
      row.network !== 'custom' && !row.id.trim()
        ? EarningsFormMessages.idRequired
        : shopEarningsProblem({
            networks: [...before, { ...entry, hosts: FINE_NETWORK.hosts }],
          });
    if (template) problems[`networks.${index}.template`] = template;
  });
  return problems;
}

/**
 * The field a problem the server reported for the earnings as a whole (path `earnings`, in the
 * contract's words) is about, found by asking each field what the server would have said of it.
 */
export function earningsFieldOf(message: string, values: EarningsValues): string | undefined {
  const earnings = earningsOf(values);
  const amazon = earnings.amazonTags.findIndex(
    ({ marketplace }) => message === EarningsMessages.amazonTagShape(marketplace),
  );
  if (amazon >= 0) return `amazonTags.${amazon}.tag`;
  const marketplace = earnings.amazonTags.findIndex(
    ({ marketplace: m }) =>
      message === EarningsMessages.unknownMarketplace(m) ||
      message === EarningsMessages.duplicateMarketplace(m),
  );
  if (marketplace >= 0) return `amazonTags.${marketplace}.marketplace`;
  if (message === EarningsMessages.flipkartId) return 'flipkartAffiliateId';
  const template = earnings.networks.findIndex(
    (_, i) =>
      message === EarningsMessages.templateShape(i + 1) ||
      message === EarningsMessages.templateId(i + 1),
  );
  if (template >= 0) return `networks.${template}.template`;
  const hosts = earnings.networks.findIndex(
    (network) =>
      network.hosts.some((host) => message === EarningsMessages.networkHost(host)) ||
      (message === EarningsMessages.networkHosts && network.hosts.length === 0),
  );
  if (hosts >= 0) return `networks.${hosts}.hosts`;
  return undefined;
}

/** Every field of the form as the server names it under `earnings.`, in form order. */
export function earningsFields(values: EarningsValues): string[] {
  return [
    'amazonTags',
    ...values.amazonTags.flatMap((_, i) => [`amazonTags.${i}.marketplace`, `amazonTags.${i}.tag`]),
    'flipkartAffiliateId',
    'networks',
    ...values.networks.flatMap((_, i) => [
      `networks.${i}.network`,
      `networks.${i}.template`,
      `networks.${i}.hosts`,
    ]),
    'utm',
    'existingTags',
    'amazonOnSharedLinks',
    'localizeAmazon',
    'openInApp',
  ];
}
