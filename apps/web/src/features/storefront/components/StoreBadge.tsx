import { LogoMark } from '../../../components/Logo';
import { GlobeIcon } from './icons';

// Each store's colours and mark, drawn here rather than shipping logo files.
const STORES: Record<string, { background: string; color: string; mark: string }> = {
  amazon: { background: '#232f3e', color: '#ff9900', mark: 'a' },
  flipkart: { background: '#2874f0', color: '#ffe11b', mark: 'F' },
  myntra: { background: '#ffffff', color: '#ff3f6c', mark: 'M' },
  ajio: { background: '#2c4152', color: '#ffffff', mark: 'A' },
  meesho: { background: '#9f2089', color: '#ffffff', mark: 'm' },
};

/**
 * A store's icon for its key (SPEC section 3): the known stores, WhatsApp, 'web' for any other
 * site, and the product's own mark when the key is unknown. Decorative: the label names the store.
 */
export function StoreBadge({ storeKey }: { storeKey: string }) {
  const store = STORES[storeKey];
  if (store) {
    return (
      <svg className="store-badge" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill={store.background} stroke="#e2e5ee" />
        <text
          x="16"
          y="22"
          textAnchor="middle"
          fontSize="18"
          fontWeight="800"
          fontFamily="system-ui, sans-serif"
          fill={store.color}
        >
          {store.mark}
        </text>
      </svg>
    );
  }
  if (storeKey === 'whatsapp') {
    return (
      <svg className="store-badge" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#25d366" />
        <path
          d="M8 24l1.3-3.6A8 8 0 1 1 12 23z"
          fill="none"
          stroke="#fff"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        <path
          d="M13 12.5c0 3 2.5 5.5 5.5 5.5l.9-1.3-1.7-.9-.9.7a4 4 0 0 1-2.3-2.3l.7-.9-.9-1.7z"
          fill="#fff"
        />
      </svg>
    );
  }
  if (storeKey === 'web') {
    return (
      <span className="store-badge store-badge--web" aria-hidden="true">
        <GlobeIcon width={18} height={18} />
      </span>
    );
  }
  return <LogoMark className="store-badge" />;
}
