import { type Product, type PublicProduct, vendorOf } from '@kartlink/contracts';
import { holdOf } from '../shops/shop.mapper';
import type { ProductRow, PublicProductRow } from './product-reads';

/** What a visitor sees of a product, field by field: nothing else of the row leaves. */
export function toPublicProduct(
  product: PublicProductRow,
  shopUrl: string,
  publicUrl: string,
): PublicProduct {
  const stores = product.storeUrls.map((url) => ({ url, ...vendorOf(url) }));
  const price = product.price === null ? null : Number(product.price);
  const image = product.imageUrl ?? product.images[0] ?? null;
  return {
    id: product.id,
    shortCode: product.shortCode,
    shortUrl: `${publicUrl.replace(/\/$/, '')}/${shopUrl}/${product.shortCode}`,
    title: product.title,
    description: product.description,
    price,
    priceReadAt: price === null ? null : (product.priceReadAt?.toISOString() ?? null),
    brand: product.brand,
    createdAt: product.createdAt.toISOString(),
    imageUrl: image,
    platforms: stores.map((s) => s.vendor),
    originalURLs: product.storeUrls,
    stores,
    showOnShop: product.showOnShop,
    defaultStore: product.defaultStore,
    productDetails: {
      title: product.title,
      description: product.description,
      images: product.images,
      image,
      price,
      brand: product.brand,
    },
  };
}

/** What the owner sees: the public fields, the click count, the affiliate switch, the window. */
export function toProduct(product: ProductRow, shopUrl: string, publicUrl: string): Product {
  return {
    ...toPublicProduct(product, shopUrl, publicUrl),
    clicks: product.clicks,
    affiliateTags: product.affiliateTags,
    startsAt: product.startsAt?.toISOString() ?? null,
    endsAt: product.endsAt?.toISOString() ?? null,
    afterEnd: product.afterEnd,
    endedMessage: product.endedMessage,
    hidden: holdOf(product),
  };
}
