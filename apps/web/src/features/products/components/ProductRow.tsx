import {
  DEFAULT_TIME_ZONE,
  formatReadDate,
  formatRupees,
  type Product,
  scheduleLabel,
  scheduleState,
  type Shop,
} from '@kartlink/contracts';
import { Link } from 'react-router';
import { CopyButton } from '../../../components/CopyButton';
import { SwitchField } from '../../../components/form/SwitchField';
import { StoreIcon } from '../../../components/icons';
import { HiddenBadge } from '../../../components/moderation/ModerationNotice';
import { ShareButton } from '../../../components/share/ShareButton';
import { shareableOf } from '../../../components/share/share-target';
import { thumbnailOf } from '@kartlink/contracts';
import { StoreChip } from './StoreChip';

interface ProductRowProps {
  product: Product;
  /** The owner's shop, for the share panel (none until it has loaded). */
  shop: Shop | undefined;
  onToggleShown: (product: Product, shown: boolean) => void;
  onDelete: (product: Product) => void;
  /** Reads the price again from the store page; absent where the list offers no refresh. */
  onRefreshPrice?: (product: Product) => void;
  /** This product's price is being read again. */
  refreshing?: boolean;
}

/** "₹799 as of 24 Nov" for a price read from a store page; the amount alone for a typed one. */
export function priceText(product: Pick<Product, 'price' | 'priceReadAt'>): string | null {
  if (product.price === null) return null;
  const amount = formatRupees(product.price);
  return product.priceReadAt ? `${amount} as of ${formatReadDate(product.priceReadAt)}` : amount;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/** One product link in the list: what it is, where it leads, and what can be done with it. */
export function ProductRow({
  product,
  shop,
  onToggleShown,
  onDelete,
  onRefreshPrice,
  refreshing = false,
}: ProductRowProps) {
  const price = priceText(product);
  const schedule = scheduleLabel(
    product.startsAt,
    product.endsAt,
    shop?.timeZone ?? DEFAULT_TIME_ZONE,
  );
  const state = scheduleState(product.startsAt, product.endsAt);
  const canRefresh = Boolean(product.priceReadAt) && onRefreshPrice;
  const clicks = `${product.clicks.toLocaleString('en-IN')} ${product.clicks === 1 ? 'click' : 'clicks'}`;
  return (
    <li className="product-row">
      <div className="product-row__thumb" aria-hidden="true">
        {product.imageUrl ? (
          <img src={thumbnailOf(product.imageUrl)} alt="" loading="lazy" />
        ) : (
          <StoreIcon width={24} height={24} />
        )}
      </div>
      <div className="product-row__main">
        <h2 className="product-row__title">
          <Link to={`/dashboard/link/${product.id}`}>{product.title}</Link>
        </h2>
        {product.hidden && <HiddenBadge />}
        <p className="product-row__meta">
          {price && <strong>{price}</strong>}
          {schedule && (
            <span className={`product-row__schedule product-row__schedule--${state}`}>
              {schedule}
            </span>
          )}
          <span>{clicks}</span>
          <span>Added {dateFormat.format(new Date(product.createdAt))}</span>
        </p>
        <div className="product-row__stores">
          {product.stores.map((store, index) => (
            <StoreChip key={`${store.url}-${index}`} storeKey={store.key} vendor={store.vendor} />
          ))}
        </div>
        <div className="short-link">
          <a href={product.shortUrl} target="_blank" rel="noreferrer" className="short-link__url">
            {product.shortUrl}
          </a>
          <CopyButton text={product.shortUrl} label={`Copy short link of ${product.title}`} />
        </div>
      </div>
      <div className="product-row__actions">
        <SwitchField
          label="On shop"
          aria-label={`Show ${product.title} on shop`}
          checked={product.showOnShop}
          onCheckedChange={(shown) => onToggleShown(product, shown)}
        />
        {canRefresh && (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`Refresh the price of ${product.title}`}
            disabled={refreshing}
            onClick={() => onRefreshPrice(product)}
          >
            {refreshing ? 'Reading…' : 'Refresh price'}
          </button>
        )}
        <ShareButton
          shareable={shop ? shareableOf({ kind: 'product', shop, product }) : null}
          label={`Share ${product.title}`}
        />
        <Link
          to={`/dashboard/link/${product.id}`}
          className="button button--secondary button--small"
          aria-label={`Edit ${product.title}`}
        >
          Edit
        </Link>
        <button
          type="button"
          className="button button--danger button--small"
          aria-label={`Delete ${product.title}`}
          onClick={() => onDelete(product)}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
