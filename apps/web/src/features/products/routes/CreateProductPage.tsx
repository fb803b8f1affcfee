import type { Product } from '@kartlink/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { CopyButton } from '../../../components/CopyButton';
import { CheckIcon } from '../../../components/icons';
import { LimitReached } from '../../../components/plan/LimitReached';
import { ProductQuotaMeter } from '../../../components/plan/ProductQuotaMeter';
import { isQuotaFull, useProductQuotaQuery } from '../../../lib/plan-api';
import { useMyShopQuery } from '../../../lib/shop-api';
import { useCreateProductMutation } from '../api/products-api';
import { useShopTimeZone } from '../hooks/use-shop-time-zone';
import { ProductForm } from '../components/ProductForm';
import { StoreFinalUrls } from '../components/StoreFinalUrls';
import { createBody, emptyProductForm, ProductFormMessages } from '../utils/product-form';
import './products.css';

/** /dashboard/create-link: a new product link to 2 to 7 stores. */
export function CreateProductPage() {
  const { data: shop } = useMyShopQuery();
  const [createProduct] = useCreateProductMutation();
  const { timeZone, saveTimeZone } = useShopTimeZone();
  const [created, setCreated] = useState<Product | null>(null);
  const [round, setRound] = useState(0);
  const { data: quota } = useProductQuotaQuery();
  // Counts the refusals for the limit: each one brings the notice into view again.
  const [refusals, setRefusals] = useState(0);
  const full = refusals > 0 || isQuotaFull(quota);

  return (
    <div className="page page--wide">
      <div className="products-page__header">
        <div>
          <h1 className="page__title">Create a product link</h1>
          <p className="page__lead products-page__lead">
            One short link for your product on every store you sell it on.
          </p>
        </div>
      </div>

      {/* Said before the form is filled, not after. */}
      {!created &&
        (full ? (
          <LimitReached quota={quota} focusRequest={refusals}>
            <Link to="/dashboard/links" className="button button--secondary">
              Manage my links
            </Link>
          </LimitReached>
        ) : (
          quota && <ProductQuotaMeter quota={quota} />
        ))}

      {created ? (
        <section className="product-created" aria-labelledby="product-created-title">
          <span className="product-created__icon" aria-hidden="true">
            <CheckIcon width={28} height={28} />
          </span>
          <h2 id="product-created-title">Your link is ready</h2>
          <p className="product-created__title">{created.title}</p>
          <div className="short-link">
            <a href={created.shortUrl} target="_blank" rel="noreferrer" className="short-link__url">
              {created.shortUrl}
            </a>
            <CopyButton text={created.shortUrl} label="Copy short link" />
          </div>
          {created.warnings && created.warnings.length > 0 && (
            <ul className="product-created__warnings" role="status">
              {created.warnings.map((warning) => (
                <li key={warning.position}>
                  Store link {warning.position} ({warning.url}): {warning.message}
                </li>
              ))}
            </ul>
          )}
          {shop && (
            <StoreFinalUrls
              stores={created.stores}
              earnings={shop.earnings}
              shopUrl={shop.shopUrl ?? ''}
              shortCode={created.shortCode}
              affiliateTags={created.affiliateTags}
            />
          )}
          <div className="product-created__actions">
            <Link to="/dashboard/links" className="button button--primary">
              View all links
            </Link>
            <Link to={`/dashboard/link/${created.id}`} className="button button--secondary">
              Edit this link
            </Link>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setCreated(null);
                setRound((n) => n + 1);
              }}
            >
              Create another
            </button>
          </div>
        </section>
      ) : (
        <ProductForm
          key={round}
          mode="create"
          initial={emptyProductForm()}
          shopUrl={shop?.shopUrl ?? null}
          earnings={shop?.earnings}
          submitLabel="Create link"
          busyLabel="Creating…"
          timeZone={timeZone}
          onUseTimeZone={(zone) => void saveTimeZone(zone)}
          onSubmit={async (values, storeUrls) => {
            const product = await createProduct(createBody(values, storeUrls, timeZone)).unwrap();
            toast.success(ProductFormMessages.created);
            setCreated(product);
          }}
          onLimitReached={() => setRefusals((n) => n + 1)}
        />
      )}
    </div>
  );
}
