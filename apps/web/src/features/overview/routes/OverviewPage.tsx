import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { CopyButton } from '../../../components/CopyButton';
import { LinkIcon, SparkIcon, StoreIcon, ToolIcon } from '../../../components/icons';
import { HiddenShopNotice } from '../../../components/moderation/ModerationNotice';
import { LimitReached } from '../../../components/plan/LimitReached';
import { ProductQuotaMeter } from '../../../components/plan/ProductQuotaMeter';
import { ShareButton } from '../../../components/share/ShareButton';
import { shareableOf } from '../../../components/share/share-target';
import { selectCurrentUser } from '../../../lib/auth-slice';
import { isQuotaFull, useProductQuotaQuery } from '../../../lib/plan-api';
import { publicShopAddress } from '../../../lib/public-address';
import { useMyShopQuery, useShopStatusQuery } from '../../../lib/shop-api';
import { useRecentProductsQuery } from '../api/overview-api';
import './OverviewPage.css';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** /dashboard: the shop's address to share, how many products it lists, and what to do next. */
export function OverviewPage() {
  const user = useSelector(selectCurrentUser);
  const { data: status } = useShopStatusQuery();
  const shopReady = Boolean(status?.hasShop && status.setupCompleted);
  const { data: shop } = useMyShopQuery(undefined, { skip: !status?.hasShop });
  const { data: recent, isLoading: loadingProducts } = useRecentProductsQuery(undefined, {
    skip: !status?.hasShop || !status.shopUrl,
  });

  const { data: quota } = useProductQuotaQuery(undefined, { skip: !status?.hasShop });

  const firstName = user?.displayName?.split(' ')[0];
  const address = shop?.shopUrl ? publicShopAddress(shop.shopUrl) : null;

  return (
    <div className="page">
      <div>
        <h1 className="page__title">Your dashboard</h1>
        <p className="page__lead">
          {firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'} Here is your shop at a
          glance.
        </p>
      </div>

      {shop?.hidden && <HiddenShopNotice hold={shop.hidden} />}

      {status && !shopReady && (
        <section className="card home-card home-card--setup" aria-labelledby="finish-setup-title">
          <span className="home-card__icon" aria-hidden="true">
            <ToolIcon />
          </span>
          <div>
            <h2 id="finish-setup-title" className="card__title">
              Finish setting up your shop
            </h2>
            <p>Pick your shop&apos;s address, name and photo to open it to visitors.</p>
          </div>
          <Link to="/shop/setup" className="button button--primary">
            {status.hasShop ? 'Continue setup' : 'Set up my shop'}
          </Link>
        </section>
      )}

      {shop && address && (
        <section className="card home-card home-shop" aria-labelledby="home-shop-title">
          <div className="home-shop__identity">
            {shop.shopPhotoURL ? (
              <img className="home-shop__photo" src={shop.shopPhotoURL} alt="" />
            ) : (
              <span className="home-shop__photo home-shop__photo--initial" aria-hidden="true">
                {(shop.shopName ?? shop.shopUrl ?? '?').charAt(0).toUpperCase()}
              </span>
            )}
            <div>
              <h2 id="home-shop-title" className="card__title">
                {shop.shopName ?? 'Your shop'}
              </h2>
              <p className="home-shop__state">
                {shop.isShopPublic ? 'Public: anyone with the link can visit' : 'Private: only you'}
              </p>
            </div>
          </div>
          <div className="home-shop__address">
            <span className="home-shop__label">Your shop&apos;s address</span>
            <div className="home-shop__link">
              <a href={address} target="_blank" rel="noreferrer">
                {address}
              </a>
              <CopyButton text={address} label="Copy shop address" />
              <ShareButton
                shareable={shareableOf({ kind: 'shop', shop, products: recent?.items })}
                label="Share shop"
              />
            </div>
            <p className="home-shop__hint">
              Share it in your bio, stories and chats: one link to everything you sell.
            </p>
          </div>
        </section>
      )}

      {status?.hasShop && (
        <section className="home-stats" aria-label="At a glance">
          {/* The plan's room says how many products there are, and what the plan allows. */}
          {isQuotaFull(quota) ? (
            <div className="home-stat--wide">
              <LimitReached quota={quota} />
            </div>
          ) : quota ? (
            <div className="home-stat home-stat--wide">
              <ProductQuotaMeter quota={quota} />
            </div>
          ) : (
            <>
              <div className="home-stat">
                <span className="home-stat__label">Products listed</span>
                <span className="home-stat__value">
                  {recent ? recent.total.toLocaleString('en-IN') : loadingProducts ? '…' : '–'}
                </span>
              </div>
              <div className="home-stat">
                <span className="home-stat__label">Plan</span>
                <span className="home-stat__value">
                  {user?.plan === 'premium' ? 'Premium' : 'Free'}
                </span>
                {user?.plan !== 'premium' && (
                  <Link to="/dashboard/pricing" className="home-stat__link">
                    See Premium
                  </Link>
                )}
              </div>
            </>
          )}
        </section>
      )}

      <section aria-labelledby="quick-actions-title">
        <h2 id="quick-actions-title" className="overview__section-title">
          Quick actions
        </h2>
        <ul className="quick-actions">
          <li>
            <Link to="/dashboard/create-link" className="quick-action">
              <LinkIcon aria-hidden="true" />
              <span>
                <strong>Create a link</strong>
                <span>One short link for a product on up to 7 stores</span>
              </span>
            </Link>
          </li>
          {address && (
            <li>
              <a href={address} target="_blank" rel="noreferrer" className="quick-action">
                <StoreIcon aria-hidden="true" />
                <span>
                  <strong>Open my shop</strong>
                  <span>See your shop the way visitors do</span>
                </span>
              </a>
            </li>
          )}
          <li>
            <Link
              to={shopReady ? '/dashboard/shop/settings' : '/shop/setup'}
              className="quick-action"
            >
              <ToolIcon aria-hidden="true" />
              <span>
                <strong>Edit shop</strong>
                <span>Name, description, photo and address</span>
              </span>
            </Link>
          </li>
          <li>
            <Link to="/dashboard/shop/social" className="quick-action">
              <SparkIcon aria-hidden="true" />
              <span>
                <strong>Add social links</strong>
                <span>Instagram, YouTube, WhatsApp and more on your shop</span>
              </span>
            </Link>
          </li>
        </ul>
      </section>

      {recent && recent.items.length > 0 && (
        <section aria-labelledby="recent-products-title">
          <div className="overview__section-head">
            <h2 id="recent-products-title" className="overview__section-title">
              Latest links
            </h2>
            <Link to="/dashboard/links">View all</Link>
          </div>
          <ul className="recent-products">
            {recent.items.map((product) => (
              <li key={product.id} className="recent-product">
                <Link to={`/dashboard/link/${product.id}`} className="recent-product__title">
                  {product.title}
                </Link>
                <span className="recent-product__meta">
                  {count(product.stores.length, 'store', 'stores')} ·{' '}
                  {count(product.clicks, 'click', 'clicks')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
