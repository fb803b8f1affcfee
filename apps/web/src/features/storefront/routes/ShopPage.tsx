import type { PublicProduct, PublicShop } from '@kartlink/contracts';
import { PUBLIC_PRODUCTS_PAGE, shopPageTitle } from '@kartlink/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  usePublicShopProductsAfterQuery,
  usePublicShopProductsQuery,
  usePublicShopQuery,
} from '../api/storefront-api';
import { TakeOverInTurn } from '../../../components/TakeOverInTurn';
import { AffiliateDisclosure } from '../components/AffiliateDisclosure';
import { BannerCarousel } from '../components/BannerCarousel';
import { CreatedWithFooter } from '../components/CreatedWithFooter';
import { AlertIcon, BagIcon, LockIcon } from '../components/icons';
import { Lightbox } from '../components/Lightbox';
import { NoLongerAvailable } from '../components/NoLongerAvailable';
import { ProductCard } from '../components/ProductCard';
import { ReportPageLink } from '../components/ReportPageLink';
import { ShopHeader } from '../components/ShopHeader';
import { PLACEHOLDER_CARDS, ShopSkeleton } from '../components/Skeletons';
import { StorefrontMessage } from '../components/StorefrontMessage';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useShopVisit } from '../hooks/use-shop-visit';
import { shopBanners } from '../utils/banners';
import { ShopPageMessages, shopProblemOf, type ShopProblem } from '../utils/errors';
import { productPath, shopUrlParam } from '../utils/params';
import '../components/storefront.css';
import './ShopPage.css';

const homeLink = (
  <Link to="/" className="button button--secondary">
    Go to Homepage
  </Link>
);

/** SPEC section 2, "Public shop page": /{shopUrl}, also under /shop/ and /open/. */
export function ShopPage() {
  const shopUrl = shopUrlParam(useParams().shopUrl);
  const shopQuery = usePublicShopQuery(shopUrl ?? skipToken);
  const productsQuery = usePublicShopProductsQuery(shopUrl ?? skipToken);
  // This address's answers only: after an in-app move to another shop, not the last one's.
  const shop = shopQuery.currentData;
  const problem = shopQuery.isError ? shopProblemOf(shopQuery.error) : null;
  // A failed refresh keeps the shop on screen, unless the shop is gone or now private.
  const shown =
    shop && problem !== 'private' && problem !== 'notFound' && problem !== 'gone'
      ? shop
      : undefined;
  useDocumentTitle(shown ? shopPageTitle(shown) : undefined);
  useShopVisit(shown?.shopUrl);

  if (!shopUrl) {
    return (
      <div className="storefront">
        <StorefrontMessage
          alert
          icon={<AlertIcon />}
          title={ShopPageMessages.invalidUrl}
          actions={homeLink}
        />
      </div>
    );
  }

  if (shown) return <LoadedShop shop={shown} products={productsQuery} />;
  if (problem === 'gone') return <NoLongerAvailable />;

  if (!problem && shop === undefined) {
    return (
      <div className="storefront">
        <ShopSkeleton />
      </div>
    );
  }

  return (
    <div className="storefront">
      <ShopError
        problem={problem ?? 'failed'}
        onRetry={() => {
          void shopQuery.refetch();
          void productsQuery.refetch();
        }}
      />
    </div>
  );
}

/** SPEC section 8, Public pages: why the shop is not shown. */
function ShopError({ problem, onRetry }: { problem: ShopProblem; onRetry: () => void }) {
  if (problem === 'private') {
    return (
      <StorefrontMessage
        alert
        icon={<LockIcon />}
        title={ShopPageMessages.privateTitle}
        actions={homeLink}
      >
        {ShopPageMessages.privateText}
      </StorefrontMessage>
    );
  }
  if (problem === 'notFound') {
    return (
      <StorefrontMessage
        alert
        icon={<BagIcon />}
        title={ShopPageMessages.notFound}
        actions={homeLink}
      />
    );
  }
  return (
    <StorefrontMessage
      alert
      icon={<AlertIcon />}
      title="We couldn't open this shop"
      actions={
        <>
          <button type="button" className="button button--primary" onClick={onRetry}>
            Try again
          </button>
          {homeLink}
        </>
      }
    >
      {problem === 'network' ? ShopPageMessages.network : ShopPageMessages.failed}
    </StorefrontMessage>
  );
}

/** What the page knows of the shop's products. */
interface ProductsState {
  currentData?: PublicProduct[] | null;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface LoadedShopProps {
  shop: PublicShop;
  products: ProductsState;
}

function LoadedShop({ shop, products }: LoadedShopProps) {
  const [lightbox, setLightbox] = useState<{ images: string[]; title: string } | null>(null);
  const banners = shopBanners(shop);

  return (
    <div className="storefront shop-page">
      <ShopHeader shop={shop} />
      {/* With the page's code, not after it: its first banner is what the visitor sees first. */}
      {banners.length > 0 && <BannerCarousel banners={banners} />}
      <section aria-labelledby="shop-products-title" aria-busy={products.isFetching}>
        <h2 id="shop-products-title" className="visually-hidden">
          Products
        </h2>
        <ProductList
          shop={shop}
          products={products}
          onOpenImages={(images, title) => setLightbox({ images, title })}
        />
      </section>
      {shop.amazonDisclosure && <AffiliateDisclosure shopName={shop.shopName} />}
      <ReportPageLink shopUrl={shop.shopUrl} />
      <CreatedWithFooter />
      {lightbox && (
        <Lightbox images={lightbox.images} alt={lightbox.title} onClose={() => setLightbox(null)} />
      )}
    </div>
  );
}

interface ProductListProps {
  shop: PublicShop;
  products: ProductsState;
  onOpenImages: (images: string[], title: string) => void;
}

function ProductList({ shop, products, onOpenImages }: ProductListProps) {
  const { currentData: data, isError, refetch } = products;
  if (data === undefined && !isError) {
    return (
      <div className="product-grid" role="status" aria-label="Loading products">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <span key={index} className="skeleton skeleton--square" />
        ))}
      </div>
    );
  }
  if (!data) {
    return (
      <StorefrontMessage
        alert
        level={2}
        icon={<AlertIcon />}
        title={ShopPageMessages.productsFailed}
        actions={
          <button type="button" className="button button--primary" onClick={() => void refetch()}>
            Try again
          </button>
        }
      />
    );
  }
  if (data.length === 0) {
    return (
      <StorefrontMessage level={2} icon={<BagIcon />} title="No Products Yet">
        This shop has not added any products. Please check back soon.
      </StorefrontMessage>
    );
  }
  return (
    <ul className="product-grid">
      {data.map((product, index) => (
        <li key={product.id}>
          <TakeOverInTurn order={index}>
            <ProductCard
              product={product}
              to={productPath(shop.shopUrl, product.shortCode)}
              // A phone's first two rows; further ones load as they near the screen (on a wider
              // screen that is at once).
              eager={index < 4}
              priority={index === 0 && shopBanners(shop).length === 0}
              onOpenImages={(images) => onOpenImages(images, product.title)}
            />
          </TakeOverInTurn>
        </li>
      ))}
      {data.length >= PUBLIC_PRODUCTS_PAGE && (
        <MoreProducts shop={shop} after={data[data.length - 1]!.id} onOpenImages={onOpenImages} />
      )}
    </ul>
  );
}

/** How far below the screen the end of the list is when the next page is asked for. */
const NEXT_PAGE_MARGIN = '800px 0px';

interface MoreProductsProps {
  shop: PublicShop;
  /** The id of the last product shown: the next page starts after it. */
  after: string;
  onOpenImages: (images: string[], title: string) => void;
}

/**
 * The products after `after`, a page at a time: asked for when the end of the list comes near
 * the screen, or with the button (keyboard, or a browser without IntersectionObserver). A full
 * page ends with the next one's own MoreProducts.
 */
function MoreProducts({ shop, after, onOpenImages }: MoreProductsProps) {
  const [wanted, setWanted] = useState(false);
  const page = usePublicShopProductsAfterQuery(
    wanted ? { shopUrl: shop.shopUrl, after } : skipToken,
  );
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const node = end.current;
    if (wanted || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
      },
      { rootMargin: NEXT_PAGE_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [wanted]);

  const items = page.currentData;
  if (!wanted || (items === undefined && !page.isError)) {
    return (
      <li ref={end} className="product-grid__more">
        {wanted ? (
          <span role="status">Loading more products…</span>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setWanted(true)}
          >
            Show more products
          </button>
        )}
      </li>
    );
  }
  if (!items) {
    return (
      <li className="product-grid__more">
        <span role="alert">{ShopPageMessages.productsFailed}</span>{' '}
        <button
          type="button"
          className="button button--primary"
          onClick={() => void page.refetch()}
        >
          Try again
        </button>
      </li>
    );
  }
  return (
    <>
      {items.map((product) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            to={productPath(shop.shopUrl, product.shortCode)}
            eager={false}
            priority={false}
            onOpenImages={(images) => onOpenImages(images, product.title)}
          />
        </li>
      ))}
      {items.length >= PUBLIC_PRODUCTS_PAGE && (
        <MoreProducts shop={shop} after={items[items.length - 1]!.id} onOpenImages={onOpenImages} />
      )}
    </>
  );
}
