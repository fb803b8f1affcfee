/** One store a product is sold on: the address and the vendor named from its host. */
export interface StoreLink {
  url: string;
  vendor: string;
  /** Icon key: amazon, flipkart, myntra, ajio, meesho, whatsapp, or web. */
  key: string;
}

/** A product and its short link (SPEC section 3, "Short URL / product"). */
export interface Product {
  id: string;
  shortCode: string;
  shortUrl: string;
  title: string;
  description: string | null;
  /** Rupees. */
  price: number | null;
  brand: string | null;
  clicks: number;
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

/** What a visitor gets: no click count. */
export type PublicProduct = Omit<Product, 'clicks'>;

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
