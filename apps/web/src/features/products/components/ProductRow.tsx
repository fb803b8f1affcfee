import { formatRupees, type Product } from '@kartlink/contracts';
import { Link } from 'react-router';
import { CopyButton } from '../../../components/CopyButton';
import { SwitchField } from '../../../components/form/SwitchField';
import { StoreIcon } from '../../../components/icons';
import { thumbnailOf } from '@kartlink/contracts';
import { StoreChip } from './StoreChip';

interface ProductRowProps {
  product: Product;
  onToggleShown: (product: Product, shown: boolean) => void;
  onDelete: (product: Product) => void;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/** One product link in the list: what it is, where it leads, and what can be done with it. */
export function ProductRow({ product, onToggleShown, onDelete }: ProductRowProps) {
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
        <p className="product-row__meta">
          {product.price !== null && <strong>{formatRupees(product.price)}</strong>}
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
