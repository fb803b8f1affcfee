import type { AdminProduct, AdminShop } from '@kartlink/contracts';
import {
  useAdminProductsQuery,
  useAdminShopsQuery,
  useModerateProductMutation,
  useModerateShopMutation,
} from '../api/admin-api';
import { CursorPage } from '../components/CursorPage';
import { HideControls } from '../components/HideControls';
import { SearchBox } from '../components/SearchBox';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { useSearchBox } from '../hooks/use-search-box';
import { formatDate } from '../utils/format';

/** /admin/shops: find shops and products; hide one with a reason, restore it, open its page. */
export function AdminShopsPage() {
  const { text, setText, query } = useSearchBox();
  const shops = useCursorPages(query);
  const products = useCursorPages(query);
  return (
    <section className="admin-section" aria-labelledby="admin-shops-title">
      <h2 id="admin-shops-title" className="visually-hidden">
        Shops and products
      </h2>
      <SearchBox
        label="Search shops and products"
        hint="Shop address or name, owner e-mail, product title, short code or store address."
        value={text}
        onChange={setText}
      />
      <h3 className="admin-section__title">Shops</h3>
      <ul className="admin-list" aria-label="Shops">
        {shops.cursors.map((cursor, index) => (
          <ShopsPage
            key={cursor ?? ''}
            q={query}
            cursor={cursor}
            first={index === 0}
            last={index === shops.cursors.length - 1}
            onMore={shops.loadMore}
          />
        ))}
      </ul>
      <h3 className="admin-section__title">Products</h3>
      <ul className="admin-list" aria-label="Products">
        {products.cursors.map((cursor, index) => (
          <ProductsPage
            key={cursor ?? ''}
            q={query}
            cursor={cursor}
            first={index === 0}
            last={index === products.cursors.length - 1}
            onMore={products.loadMore}
          />
        ))}
      </ul>
    </section>
  );
}

interface PageProps {
  q: string;
  cursor: string | null;
  first: boolean;
  last: boolean;
  onMore: (cursor: string) => void;
}

function ShopsPage({ q, cursor, ...page }: PageProps) {
  const result = useAdminShopsQuery({ q, cursor });
  return (
    <CursorPage<AdminShop>
      result={result}
      {...page}
      noun="shops"
      empty={q ? `No shop matches “${q}”.` : 'No shops yet.'}
    >
      {(shop) => <ShopCard key={shop.shopId} shop={shop} />}
    </CursorPage>
  );
}

function ShopCard({ shop }: { shop: AdminShop }) {
  const [moderate, { isLoading }] = useModerateShopMutation();
  const what = `shop ${shop.shopUrl ? `/${shop.shopUrl}` : (shop.shopName ?? shop.shopId)}`;
  return (
    <li className={shop.hidden ? 'admin-card admin-card--held' : 'admin-card'}>
      <div className="admin-card__head">
        <h4 className="admin-card__title">{shop.shopName ?? 'Unnamed shop'}</h4>
        <span>
          {shop.hidden && <span className="badge admin-badge--danger">Hidden</span>}{' '}
          {shop.openReports > 0 && (
            <span className="badge">
              {shop.openReports} open {shop.openReports === 1 ? 'report' : 'reports'}
            </span>
          )}
        </span>
      </div>
      <dl className="admin-card__facts">
        <div>
          <dt>Address</dt>
          <dd>{shop.shopUrl ? `/${shop.shopUrl}` : 'None yet'}</dd>
        </div>
        <div>
          <dt>Owner</dt>
          <dd>{shop.ownerEmail ?? '—'}</dd>
        </div>
        <div>
          <dt>Visibility</dt>
          <dd>{shop.isShopPublic ? 'Public' : 'Private'}</dd>
        </div>
        <div>
          <dt>Products</dt>
          <dd>{shop.productCount.toLocaleString('en-IN')}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(shop.createdAt)}</dd>
        </div>
      </dl>
      <HideControls
        what={what}
        hidden={shop.hidden}
        path={shop.shopUrl ? `/${shop.shopUrl}` : null}
        busy={isLoading}
        hide={(reason) => moderate({ shopId: shop.shopId, hide: true, reason }).unwrap()}
        restore={() => moderate({ shopId: shop.shopId, hide: false }).unwrap()}
      />
    </li>
  );
}

function ProductsPage({ q, cursor, ...page }: PageProps) {
  const result = useAdminProductsQuery({ q, cursor });
  return (
    <CursorPage<AdminProduct>
      result={result}
      {...page}
      noun="products"
      empty={q ? `No product matches “${q}”.` : 'No products yet.'}
    >
      {(product) => <ProductCard key={product.id} product={product} />}
    </CursorPage>
  );
}

function ProductCard({ product }: { product: AdminProduct }) {
  const [moderate, { isLoading }] = useModerateProductMutation();
  const path = product.shopUrl ? `/${product.shopUrl}/${product.shortCode}` : null;
  return (
    <li className={product.hidden ? 'admin-card admin-card--held' : 'admin-card'}>
      <div className="admin-card__head">
        <h4 className="admin-card__title">{product.title}</h4>
        <span>
          {product.hidden && <span className="badge admin-badge--danger">Hidden</span>}{' '}
          {product.openReports > 0 && (
            <span className="badge">
              {product.openReports} open {product.openReports === 1 ? 'report' : 'reports'}
            </span>
          )}
        </span>
      </div>
      <dl className="admin-card__facts">
        <div>
          <dt>Page</dt>
          <dd>{path ?? product.shortCode}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(product.createdAt)}</dd>
        </div>
        <div>
          <dt>Stores</dt>
          <dd>{product.originalURLs.join(' · ') || '—'}</dd>
        </div>
      </dl>
      <HideControls
        what={`product “${product.title}”`}
        hidden={product.hidden}
        path={path}
        busy={isLoading}
        hide={(reason) => moderate({ id: product.id, hide: true, reason }).unwrap()}
        restore={() => moderate({ id: product.id, hide: false }).unwrap()}
      />
    </li>
  );
}
