import type { PublicProduct, PublicShop } from '@kartlink/contracts';
import { formatReadDate, formatRupees, productPageTitle } from '@kartlink/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useListedProduct, usePublicProductQuery, usePublicShopQuery } from '../api/storefront-api';
import { AffiliateDisclosure } from '../components/AffiliateDisclosure';
import { AlertIcon, LockIcon } from '../components/icons';
import { ImageGallery } from '../components/ImageGallery';
import { InAppEscape } from '../components/InAppEscape';
import { NoLongerAvailable } from '../components/NoLongerAvailable';
import { ReportPageLink } from '../components/ReportPageLink';
import { ProductSkeleton } from '../components/Skeletons';
import { StoreOptionsSheet } from '../components/StoreOptionsSheet';
import { StorefrontMessage } from '../components/StorefrontMessage';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useFreshTapProof } from '../hooks/use-fresh-tap-proof';
import { useMarkPublicVisit } from '../hooks/use-mark-public-visit';
import { useShopVisit } from '../hooks/use-shop-visit';
import {
  endedProductOf,
  isNoLongerAvailable,
  ProductPageMessages,
  productErrorMessage,
} from '../utils/errors';
import { shopUrlParam, shortCodeParam } from '../utils/params';
import { shopPath } from '../../../lib/shop-host';
import { productBrand, productDescription, productImages, productPrice } from '../utils/product';
import '../components/storefront.css';
import './ProductPage.css';

const homeLink = (
  <Link to="/" className="button button--secondary">
    Go to Homepage
  </Link>
);

/** SPEC section 2, "Public product page": /{shopUrl}/{shortCode}, also under /shop/ and /open/. */
export function ProductPage() {
  useMarkPublicVisit();
  const params = useParams();
  const shopUrl = shopUrlParam(params.shopUrl);
  const shortCode = shortCodeParam(params.shortCode);
  const args = shopUrl && shortCode ? { shopUrl, shortCode } : skipToken;
  const query = usePublicProductQuery(args);
  // Opened from the shop's grid: show what the grid already knows while the product loads.
  const listed = useListedProduct(shopUrl, shortCode);
  // For the shop's name in the breadcrumb and its disclosure; the product's own answer covers
  // every error.
  const { currentData: shop } = usePublicShopQuery(shopUrl ?? skipToken);
  // This address's answer only (not the previous product's while the next one loads). A
  // failed load keeps what is known on screen, unless the product is gone or the shop private.
  const loaded = query.currentData;
  const message = query.isError ? productErrorMessage(query.error) : null;
  const ended = query.isError ? endedProductOf(query.error) : null;
  const takenDown = query.isError && isNoLongerAvailable(query.error);
  const gone =
    takenDown ||
    ended !== null ||
    message === ProductPageMessages.notFound ||
    message === ProductPageMessages.private;
  const product = gone || loaded === null ? undefined : (loaded ?? listed);
  useFreshTapProof(loaded ? query.fulfilledTimeStamp : undefined, query.refetch);
  useDocumentTitle(
    product && shop ? productPageTitle(product.title, shop.shopName) : product?.title,
  );

  if (!shopUrl || !shortCode) {
    return (
      <div className="storefront">
        <ProductError message={ProductPageMessages.invalidParams} />
      </div>
    );
  }

  if (product) {
    return (
      <ProductView
        key={`${shopUrl}/${shortCode}`}
        product={product}
        shopUrl={shopUrl}
        shop={shop ?? undefined}
      />
    );
  }

  if (takenDown) return <NoLongerAvailable />;

  // Past the end of its schedule: the shop, or the owner's words, as the owner chose.
  if (ended?.redirectTo) return <Navigate to={ended.redirectTo} replace />;
  if (ended) {
    return (
      <div className="storefront">
        <StorefrontMessage
          icon={<AlertIcon />}
          title="This offer has ended"
          actions={
            <Link to={shopPath(shopUrl)} className="button button--primary">
              Visit the shop
            </Link>
          }
        >
          {ended.message}
        </StorefrontMessage>
      </div>
    );
  }

  if (!query.isError && loaded === undefined) {
    return (
      <div className="storefront">
        <ProductSkeleton />
      </div>
    );
  }

  const shownMessage = message ?? ProductPageMessages.invalidFormat;
  const canRetry =
    shownMessage === ProductPageMessages.network ||
    shownMessage === ProductPageMessages.failed ||
    shownMessage === ProductPageMessages.invalidFormat;
  return (
    <div className="storefront">
      <ProductError
        message={shownMessage}
        actions={
          <>
            {canRetry && (
              <button
                type="button"
                className="button button--primary"
                onClick={() => void query.refetch()}
              >
                Try again
              </button>
            )}
            {shownMessage !== ProductPageMessages.private && (
              <Link to={shopPath(shopUrl)} className="button button--secondary">
                Visit the shop
              </Link>
            )}
            {homeLink}
          </>
        }
      />
    </div>
  );
}

function ProductError({ message, actions = homeLink }: { message: string; actions?: ReactNode }) {
  const isPrivate = message === ProductPageMessages.private;
  return (
    <StorefrontMessage
      alert
      icon={isPrivate ? <LockIcon /> : <AlertIcon />}
      title={isPrivate ? 'Private Shop' : 'Product unavailable'}
      actions={actions}
    >
      {message}
    </StorefrontMessage>
  );
}

interface ProductViewProps {
  product: PublicProduct;
  shopUrl: string;
  /** For its name and disclosure; the product shows without it. */
  shop?: PublicShop;
}

function ProductView({ product, shopUrl, shop }: ProductViewProps) {
  const shopName = shop?.shopName ?? shopUrl;
  // A product page is a page of the shop: its view counts with the shop page's.
  useShopVisit(shopUrl, product.shortCode);
  // SPEC section 4: the options sheet is open when the page opens.
  const [sheetOpen, setSheetOpen] = useState(true);
  const showOptions = useRef<HTMLButtonElement>(null);
  const price = productPrice(product);
  const brand = productBrand(product);
  const description = productDescription(product);

  return (
    <div className="storefront product-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to={shopPath(shopUrl)}>{shopName}</Link>
          </li>
          <li aria-current="page">{product.title}</li>
        </ol>
      </nav>
      <div className="product-layout">
        <ImageGallery images={productImages(product)} alt={product.title} />
        <div className="product-page__info">
          {brand && <p className="product-page__brand">{brand}</p>}
          <h1 className="product-page__title">{product.title}</h1>
          {price !== null && (
            <p className="product-page__price">
              {formatRupees(price)}
              {/* A store's price is a snapshot: said discreetly, as affiliate programmes ask. */}
              {product.priceReadAt && (
                <small className="product-page__price-date">
                  {' '}
                  as of {formatReadDate(product.priceReadAt)}
                </small>
              )}
            </p>
          )}
          {description && <p className="product-page__description">{description}</p>}
          <div className="product-page__actions">
            <button
              ref={showOptions}
              type="button"
              className="button button--primary button--large button--block"
              aria-haspopup="dialog"
              onClick={() => setSheetOpen(true)}
            >
              Show Options
            </button>
          </div>
        </div>
      </div>
      {shop?.amazonDisclosure && <AffiliateDisclosure shopName={shopName} />}
      <ReportPageLink shopUrl={shopUrl} shortCode={product.shortCode} />
      {sheetOpen && (
        <StoreOptionsSheet
          stores={product.stores}
          shopUrl={shopUrl}
          shortCode={product.shortCode}
          tapToken={product.tapToken}
          pinned={product.defaultStore}
          notice={<InAppEscape disabled={product.inAppEscapesOff} />}
          onClose={() => setSheetOpen(false)}
          returnFocusTo={showOptions}
        />
      )}
    </div>
  );
}
