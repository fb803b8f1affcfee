/** One store a product is sold on: the address and the vendor named from its host. */
export interface StoreLink {
  url: string;
  vendor: string;
  /** Icon key: amazon, flipkart, myntra, ajio, meesho, whatsapp, or web. */
  key: string;
}

/** A product and its short link (SPEC section 3, "Short URL / product"). */
/**
 * What a visitor gets of a product, field by field: a field added to products stays the
 * owner's until it is listed here (and in shop-service's toPublicProduct).
 */
export interface PublicProduct {
  id: string;
  shortCode: string;
  shortUrl: string;
  title: string;
  description: string | null;
  /** Rupees. */
  price: number | null;
  brand: string | null;
  createdAt: string;
  imageUrl: string | null;
  /** Vendor names, in the owner's order. */
  platforms: string[];
  originalURLs: string[];
  stores: StoreLink[];
  showOnShop: boolean;
  productDetails: {
    title: string;
    description: string | null;
    images: string[];
    image: string | null;
    price: number | null;
    brand: string | null;
  };
}

/** What the owner gets: the public fields and the click count. */
export interface Product extends PublicProduct {
  clicks: number;
}

export interface ProductBody {
  title: string;
  description?: string;
  price?: number | null;
  brand?: string;
  imageUrl?: string | null;
  images?: string[];
  originalURLs: string[];
  /** Chosen by the owner; generated when absent. */
  shortCode?: string;
  showOnShop?: boolean;
}

export type ProductUpdateBody = Partial<ProductBody>;

export interface ProductListQuery {
  page?: number;
  limit?: number;
  search?: string;
}

export interface ProductPage {
  items: Product[];
  total: number;
  page: number;
  limit: number;
}

/**
 * GET /api/urls/quota: how many products the owner's shop lists and how many their plan allows
 * (`limit` is null on Premium, which has none). Shown before a form is filled, not after.
 */
export interface ProductQuota {
  used: number;
  limit: number | null;
}
