import { Link } from 'react-router';
import { CopyButton } from '../../../components/CopyButton';
import { publicShopAddress } from '../../../lib/public-address';
import { ShopPageHeader } from '../components/ShopPageHeader';
import { WithShop } from '../components/WithShop';
import { SHOP_SECTIONS } from '../shop-sections';
import './MyShopPage.css';
import './shop-pages.css';

/** /dashboard/shop: the shop as visitors meet it, its address, and its sections. */
export function MyShopPage() {
  return (
    <div className="page page--form my-shop">
      <ShopPageHeader title="Your shop">
        How your shop looks to visitors, where they find it, and what you can change.
      </ShopPageHeader>
      <WithShop>
        {(shop) => {
          const address = publicShopAddress(shop.shopUrl ?? '');
          return (
            <section className="card shop-overview" aria-label="Overview">
              <div className="shop-overview__identity">
                {shop.shopPhotoURL ? (
                  <img className="my-shop__photo" src={shop.shopPhotoURL} alt="" />
                ) : (
                  <span className="photo-preview__initial" aria-hidden="true">
                    {(shop.shopName ?? '?').charAt(0).toUpperCase()}
                  </span>
                )}
                <div>
                  <h2>{shop.shopName}</h2>
                  <span
                    className={
                      shop.isShopPublic ? 'status-pill' : 'status-pill status-pill--private'
                    }
                  >
                    {shop.isShopPublic ? 'Public' : 'Private'}
                  </span>
                </div>
              </div>
              {shop.shopDescription && (
                <p className="shop-overview__description">{shop.shopDescription}</p>
              )}
              <div className="shop-overview__address">
                <a href={address} target="_blank" rel="noreferrer">
                  {address}
                </a>
                <CopyButton text={address} label="Copy shop address" />
              </div>
            </section>
          );
        }}
      </WithShop>
      <nav className="my-shop__sections" aria-label="Shop sections">
        {SHOP_SECTIONS.map((section) => (
          <Link key={section.path} to={section.path} className="my-shop__section">
            {section.label}
            {'badge' in section && <span className="badge">{section.badge}</span>}
          </Link>
        ))}
      </nav>
    </div>
  );
}
