import type { Product } from '@kartlink/contracts';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form/FormAlert';
import { TextField } from '../../../components/form/TextField';
import { LimitReached } from '../../../components/plan/LimitReached';
import { countOf, ProductQuotaMeter } from '../../../components/plan/ProductQuotaMeter';
import { Spinner } from '../../../components/Spinner';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { isQuotaFull, useProductQuotaQuery } from '../../../lib/plan-api';
import { useMyShopQuery } from '../../../lib/shop-api';
import {
  useProductsQuery,
  useRefreshPriceMutation,
  useSetShowOnShopMutation,
} from '../api/products-api';
import { DeleteProductDialog } from '../components/DeleteProductDialog';
import { ExportProductsButton } from '../components/ExportProductsButton';
import { priceText, ProductRow } from '../components/ProductRow';
import './products.css';

const PRODUCTS_PER_PAGE = 10;
const SEARCH_DEBOUNCE_MS = 300;

/** /dashboard/links: every product link, searchable and paged, with its quick actions. */
export function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);
  const settledSearch = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [setShowOnShop] = useSetShowOnShopMutation();
  const [refreshPrice] = useRefreshPriceMutation();
  const [refreshing, setRefreshing] = useState<string | null>(null);
  const { data: quota } = useProductQuotaQuery();
  const { data: shop } = useMyShopQuery();

  const { data, isLoading, isFetching, error, refetch } = useProductsQuery({
    page,
    limit: PRODUCTS_PER_PAGE,
    search: search || undefined,
  });

  // A new search starts at its first page. Only typing changes it: going back in history to
  // another search is not undone.
  const lastSearch = useRef(settledSearch);
  useEffect(() => {
    if (settledSearch === lastSearch.current) return;
    lastSearch.current = settledSearch;
    setParams(settledSearch ? { q: settledSearch } : {}, { replace: true });
  }, [settledSearch, setParams]);

  const pages = data ? Math.max(1, Math.ceil(data.total / PRODUCTS_PER_PAGE)) : 1;

  // The last link of the last page was deleted: show the page before.
  useEffect(() => {
    if (data && data.items.length === 0 && page > pages) goToPage(pages);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, page, pages]);

  function goToPage(next: number) {
    const query: Record<string, string> = {};
    if (search) query.q = search;
    if (next > 1) query.page = String(next);
    setParams(query);
  }

  const toggleShown = async (product: Product, showOnShop: boolean) => {
    try {
      await setShowOnShop({ id: product.id, showOnShop }).unwrap();
      toast.success(showOnShop ? 'Shown on your shop' : 'Hidden from your shop', {
        id: `shown-${product.id}`,
      });
    } catch (failure) {
      toast.error(userFacingMessage(httpStatusOf(failure), serverMessageOf(failure)));
    }
  };

  const refresh = async (product: Product) => {
    setRefreshing(product.id);
    try {
      const fresh = await refreshPrice(product.id).unwrap();
      toast.success(`Price updated: ${priceText(fresh) ?? ''}`, { id: `price-${product.id}` });
    } catch (failure) {
      toast.error(userFacingMessage(httpStatusOf(failure), serverMessageOf(failure)));
    } finally {
      setRefreshing(null);
    }
  };

  return (
    <div className="page page--wide">
      <div className="products-page__header">
        <div>
          <h1 className="page__title">Your product links</h1>
          <p className="page__lead products-page__lead">
            {data ? `${countOf(data.total)}${search ? ' found' : ' listed'}` : '\u00a0'}
          </p>
        </div>
        <div className="products-page__actions">
          <Link to="/dashboard/links/import" className="button button--secondary">
            Import
          </Link>
          <ExportProductsButton disabled={!data || data.total === 0} />
          <Link to="/dashboard/create-link" className="button button--primary">
            + Create link
          </Link>
        </div>
      </div>

      {isQuotaFull(quota) ? (
        <LimitReached quota={quota} />
      ) : (
        quota && <ProductQuotaMeter quota={quota} />
      )}

      <form className="products-search" role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          label="Search links"
          type="search"
          name="q"
          value={typed}
          onValueChange={setTyped}
          placeholder="Title, brand or short code"
          autoComplete="off"
        />
      </form>

      {isLoading ? (
        <Spinner label="Loading your links" />
      ) : error && !data ? (
        <div className="page__problem">
          <FormAlert>{userFacingMessage(httpStatusOf(error), serverMessageOf(error))}</FormAlert>
          <button type="button" className="button button--secondary" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : data && data.items.length === 0 && !search ? (
        <section className="products-empty">
          <h2>No product links yet</h2>
          <p>Create your first link: one short address for your product on every store.</p>
          <Link to="/dashboard/create-link" className="button button--primary">
            Create your first link
          </Link>
        </section>
      ) : data && data.items.length === 0 ? (
        <p className="products-empty">No links match &ldquo;{search}&rdquo;.</p>
      ) : data ? (
        <>
          <ul className="product-list" aria-label="Product links" aria-busy={isFetching}>
            {data.items.map((product) => (
              <ProductRow
                key={product.id}
                product={product}
                shop={shop}
                onToggleShown={(item, shown) => void toggleShown(item, shown)}
                onDelete={setDeleting}
                onRefreshPrice={(item) => void refresh(item)}
                refreshing={refreshing === product.id}
              />
            ))}
          </ul>
          {pages > 1 && (
            <nav className="pager" aria-label="Pages">
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={page <= 1}
                onClick={() => goToPage(page - 1)}
              >
                Previous
              </button>
              <span className="pager__status" aria-live="polite">
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={page >= pages}
                onClick={() => goToPage(page + 1)}
              >
                Next
              </button>
            </nav>
          )}
        </>
      ) : null}

      {deleting && (
        <DeleteProductDialog
          product={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
