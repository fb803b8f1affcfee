import { DEFAULT_TIME_ZONE, ProductMessages, scheduleLabel } from '@kartlink/contracts';
import { lazy, Suspense, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { CopyButton } from '../../../components/CopyButton';
import { FormAlert } from '../../../components/form/FormAlert';
import { ShareButton } from '../../../components/share/ShareButton';
import { shareableOf } from '../../../components/share/share-target';
import { ArrowLeftIcon } from '../../../components/icons';
import { HiddenProductNotice } from '../../../components/moderation/ModerationNotice';
import { Spinner } from '../../../components/Spinner';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { useMyShopQuery } from '../../../lib/shop-api';
import {
  useProductQuery,
  useRefreshPriceMutation,
  useUpdateProductMutation,
} from '../api/products-api';
import { useShopTimeZone } from '../hooks/use-shop-time-zone';
import { DeleteProductDialog } from '../components/DeleteProductDialog';
import { ProductForm } from '../components/ProductForm';
import { priceText } from '../components/ProductRow';
import { StoreChip } from '../components/StoreChip';
import { ProductFormMessages, updateBody, valuesFromProduct } from '../utils/product-form';
import './products.css';

// The charts bring their library: the link and its form show without waiting for it.
const ProductClicks = lazy(async () => ({
  default: (await import('../components/ProductClicks')).ProductClicks,
}));

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/**
 * /dashboard/link/{id}: one product link, its clicks (in all, and by day and store over a
 * period), and the same form to change it.
 */
export function ProductDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: shop } = useMyShopQuery();
  const { data: product, error, isLoading } = useProductQuery(id);
  const [updateProduct] = useUpdateProductMutation();
  const [deleting, setDeleting] = useState(false);
  const [refreshPrice, refreshing] = useRefreshPriceMutation();
  const { timeZone, saveTimeZone } = useShopTimeZone();
  const price = product ? priceText(product) : null;
  const schedule = product
    ? scheduleLabel(product.startsAt, product.endsAt, shop?.timeZone ?? DEFAULT_TIME_ZONE)
    : null;

  const refresh = async (productId: string) => {
    try {
      const fresh = await refreshPrice(productId).unwrap();
      toast.success(`Price updated: ${priceText(fresh) ?? ''}`);
    } catch (failure) {
      toast.error(userFacingMessage(httpStatusOf(failure), serverMessageOf(failure)));
    }
  };

  return (
    <div className="page page--wide">
      <Link to="/dashboard/links" className="back-link">
        <ArrowLeftIcon width={18} height={18} /> All links
      </Link>
      <div className="products-page__header">
        <div>
          <h1 className="page__title">Link details</h1>
          {product && <p className="page__lead products-page__lead">{product.title}</p>}
        </div>
      </div>

      {isLoading ? (
        <Spinner label="Loading the link" />
      ) : !product ? (
        <FormAlert>
          {httpStatusOf(error) === 404
            ? ProductMessages.notFound
            : userFacingMessage(httpStatusOf(error), serverMessageOf(error))}
        </FormAlert>
      ) : (
        <>
          {product.hidden && <HiddenProductNotice hold={product.hidden} />}
          <section className="card product-summary" aria-label="Summary">
            <div className="short-link">
              <a
                href={product.shortUrl}
                target="_blank"
                rel="noreferrer"
                className="short-link__url"
              >
                {product.shortUrl}
              </a>
              <CopyButton text={product.shortUrl} label="Copy short link" />
              <ShareButton
                shareable={shop ? shareableOf({ kind: 'product', shop, product }) : null}
              />
            </div>
            <dl className="product-summary__facts">
              <div>
                <dt>Clicks</dt>
                <dd>{product.clicks.toLocaleString('en-IN')}</dd>
              </div>
              <div>
                <dt>Stores</dt>
                <dd>{product.stores.length}</dd>
              </div>
              <div>
                <dt>On shop</dt>
                <dd>{product.showOnShop ? 'Shown' : 'Hidden'}</dd>
              </div>
              {schedule && (
                <div>
                  <dt>Schedule</dt>
                  <dd>{schedule}</dd>
                </div>
              )}
              {price && (
                <div>
                  <dt>Price</dt>
                  <dd>
                    {price}{' '}
                    {product.priceReadAt && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        disabled={refreshing.isLoading}
                        onClick={() => void refresh(product.id)}
                      >
                        {refreshing.isLoading ? 'Reading…' : 'Refresh price'}
                      </button>
                    )}
                  </dd>
                </div>
              )}
              <div>
                <dt>Created</dt>
                <dd>{dateFormat.format(new Date(product.createdAt))}</dd>
              </div>
            </dl>
            <div className="product-row__stores">
              {product.stores.map((store, index) => (
                <StoreChip
                  key={`${store.url}-${index}`}
                  storeKey={store.key}
                  vendor={store.vendor}
                />
              ))}
            </div>
          </section>

          <Suspense fallback={<Spinner label="Loading clicks" />}>
            <ProductClicks productId={product.id} />
          </Suspense>

          <ProductForm
            // Shown again from the product when its price is refreshed or the zone changes.
            key={`${product.id}:${product.priceReadAt ?? ''}:${timeZone}`}
            mode="edit"
            initial={valuesFromProduct(product, timeZone)}
            timeZone={timeZone}
            onUseTimeZone={(zone) => void saveTimeZone(zone)}
            shopUrl={shop?.shopUrl ?? null}
            earnings={shop?.earnings}
            submitLabel="Save changes"
            busyLabel="Saving…"
            onSubmit={async (values, storeUrls) => {
              const saved = await updateProduct({
                id: product.id,
                body: updateBody(values, storeUrls, timeZone),
              }).unwrap();
              toast.success(ProductFormMessages.saved);
              return saved;
            }}
          />

          <section className="danger-zone" aria-labelledby="danger-zone-title">
            <h2 id="danger-zone-title">Delete this link</h2>
            <p>The short link stops working and the product leaves your shop.</p>
            <button
              type="button"
              className="button button--danger"
              onClick={() => setDeleting(true)}
            >
              Delete link
            </button>
          </section>

          {deleting && (
            <DeleteProductDialog
              product={product}
              onClose={() => setDeleting(false)}
              onDeleted={() => void navigate('/dashboard/links', { replace: true })}
            />
          )}
        </>
      )}
    </div>
  );
}
