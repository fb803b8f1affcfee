import type { ModerationHold } from './moderation';
import type { BannerList } from './media';
import type { SocialMedia } from './social';
import type { ShopEarnings } from './store-routing';

/** Which wizard steps are done (SPEC section 3). */
export interface SetupSteps {
  shopUrl: boolean;
  basicInfo: boolean;
  profilePhoto: boolean;
}

export interface ShopSeo {
  title?: string;
  description?: string;
  keywords?: string;
  ogTitle?: string;
  ogDescription?: string;
  ogImage?: string;
  twitterCard?: 'summary' | 'summary_large_image';
  twitterTitle?: string;
  twitterDescription?: string;
  twitterImage?: string;
}

/** The owner's view of their shop (SPEC section 3, "Shop"). */
export interface Shop {
  userId: string;
  shopName: string | null;
  shopDescription: string | null;
  shopUrl: string | null;
  isShopPublic: boolean;
  shopPhotoURL: string | null;
  setupCompleted: boolean;
  setupSteps: SetupSteps;
  socialMedia: SocialMedia;
  seo: ShopSeo;
  /** The owner's banners as media-service last announced them (SPEC section 3). */
  banners?: BannerList;
  /** Affiliate tags, network templates, UTM and open-in-app (issue 15); DEFAULT_EARNINGS until set. */
  earnings: ShopEarnings;
  /** The owner's time zone (IANA name): products' schedules are entered in it. Always sent. */
  timeZone?: string;
  /** Derived: no name, URL or completed setup yet (SPEC section 4). */
  requiresSetup: boolean;
  /** Set while an admin has hidden the shop (issue 21): visitors get 410; the owner sees why. */
  hidden?: ModerationHold | null;
  /** The verified custom domain the shop is served at (issue 20); null when none. */
  customDomain?: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a visitor of /{shopUrl} gets: no owner id, no setup state. */
export interface PublicShop {
  shopName: string;
  shopDescription: string | null;
  shopUrl: string;
  shopPhotoURL: string | null;
  socialMedia: SocialMedia;
  seo: ShopSeo;
  /**
   * The banner carousel: the owner's banners in order when they are enabled, else
   * `{ enabled: false, images: [] }`. Always sent by the server.
   */
  banners?: BannerList;
  /**
   * True when the owner set an Amazon tag: the shop and product pages show the Amazon
   * Associates disclosure ("{shopName} is a participant in the Amazon Associates Program ...").
   * Always sent by the server.
   */
  amazonDisclosure?: boolean;
  /**
   * The owner's verified custom domain (`shop.example.com`): the shop's pages are served there,
   * and their canonical addresses and share links use it. Absent when there is none.
   */
  customDomain?: string;
}

export interface ShopStatus {
  hasShop: boolean;
  requiresSetup: boolean;
  setupCompleted: boolean;
  setupSteps: SetupSteps;
  shopUrl: string | null;
}

/** PUT /shop/settings: any shop field, plus the wizard's flags. */
export interface ShopSettingsBody {
  shopName?: string;
  shopDescription?: string;
  shopUrl?: string;
  shopPhotoURL?: string | null;
  isShopPublic?: boolean;
  setupCompleted?: boolean;
  setupSteps?: Partial<SetupSteps>;
  socialMedia?: SocialMedia;
  seo?: ShopSeo;
  /** Only the fields given change; validated with shopEarningsProblem's messages. */
  earnings?: Partial<ShopEarnings>;
  /** IANA zone name, e.g. Asia/Kolkata. */
  timeZone?: string;
}

export interface ShopUrlBody {
  shopUrl: string;
}

export interface UrlAvailability {
  isAvailable: boolean;
  /** Why not, in words for people. */
  message?: string;
}

export const SEO_LIMITS = {
  title: 70,
  description: 160,
  keywords: 255,
  ogTitle: 95,
  ogDescription: 200,
  ogImage: 2048,
  twitterTitle: 70,
  twitterDescription: 200,
  twitterImage: 2048,
} as const;

/** GET /shop/{shopUrl}/stats: what a visitor may know about a public shop. */
export interface ShopStats {
  productCount: number;
}

/**
 * shop.sitemap.shops: every public shop, with when it or a product it shows last changed (the
 * sitemap index).
 */
export interface SitemapShop {
  shopUrl: string;
  /** ISO 8601. */
  updatedAt: string;
}

/** shop.sitemap.shop: a public shop's pages (its sitemap): the shop and the products it shows. */
export interface SitemapShopPages extends SitemapShop {
  products: Array<{ shortCode: string; updatedAt: string }>;
  /**
   * When a scheduled product of the shop next starts or ends (ISO 8601): the sitemap changes
   * then, so no copy of it may be kept past it. Absent or null when none is scheduled.
   */
  nextChangeAt?: string | null;
}

/** A sitemap file lists at most this many addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
