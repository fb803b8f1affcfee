import { affiliateUrl, type ShopEarnings } from '@kartlink/contracts';
import { StoreChip } from './StoreChip';

interface StoreFinalUrlsProps {
  stores: ReadonlyArray<{ url: string; vendor: string; key: string }>;
  earnings: ShopEarnings;
  shopUrl: string;
  shortCode: string;
  affiliateTags: boolean;
}

/**
 * Where each store link sends a visitor who taps it on the product page: the saved address
 * with the shop's affiliate tags, network and UTM parameters, exactly as the redirect writes
 * it (the contract's `affiliateUrl`), so that the owner can check it before sharing.
 */
export function StoreFinalUrls({
  stores,
  earnings,
  shopUrl,
  shortCode,
  affiliateTags,
}: StoreFinalUrlsProps) {
  if (stores.length === 0) return null;
  return (
    <section className="final-urls" aria-labelledby="final-urls-title">
      <h3 id="final-urls-title" className="final-urls__title">
        Where visitors land
      </h3>
      <p className="field__hint">
        {affiliateTags
          ? 'Each store with your tags, as a visitor who taps it on the product page is sent there.'
          : 'Tags are off for this product: each store gets the address as saved.'}
      </p>
      <ol className="final-urls__list">
        {stores.map((store, index) => {
          const finalUrl = affiliateUrl(store.url, earnings, {
            shopUrl,
            shortCode,
            tapped: true,
            country: null,
            affiliateTags,
          });
          return (
            <li key={`${index}:${store.url}`} className="final-urls__item">
              <StoreChip storeKey={store.key} vendor={store.vendor} />
              <code className="final-urls__url">{finalUrl}</code>
              {finalUrl !== store.url && <span className="badge">Tagged</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
