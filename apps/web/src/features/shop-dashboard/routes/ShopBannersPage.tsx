import { Link } from 'react-router';
import { ShopPageHeader } from '../components/ShopPageHeader';
import './shop-pages.css';

/**
 * /dashboard/shop/banners (Beta). Banners are images, and images arrive with the upload
 * service: until then this page says what banners will do instead of pretending to take them.
 */
export function ShopBannersPage() {
  return (
    <div className="shop-page">
      <ShopPageHeader title="Shop banners" badge="Beta">
        Wide images that rotate at the top of your shop, each leading where you choose.
      </ShopPageHeader>
      <section className="banner-state" aria-labelledby="banners-coming-title">
        <div className="banner-state__mock" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <h2 id="banners-coming-title">Banners come with image uploads</h2>
        <p>
          Uploading images from your device is the next part of Kartlink being built. When it
          arrives, you will be able to:
        </p>
        <ul>
          <li>upload up to 3 banners at once, in JPEG, PNG or WebP, wide as 3:1, up to 5 MB;</li>
          <li>give each one a text for screen readers and a link to a product or page;</li>
          <li>put them in order, and switch them all on or off.</li>
        </ul>
        <p>
          They rotate every 4 seconds: one at a time on phones, three side by side on wider screens.
          Until then your shop opens with its name, photo and products.
        </p>
        <div>
          <Link to="/dashboard/shop/settings" className="button button--secondary">
            Edit shop settings
          </Link>
        </div>
      </section>
    </div>
  );
}
