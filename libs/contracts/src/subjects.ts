/**
 * NATS subjects, one namespace per owning service. Requests are sent to `${prefix}${subject}`,
 * where the prefix (NATS_SUBJECT_PREFIX) keeps test runs and environments apart.
 */
export const ServiceName = {
  auth: 'auth',
  shop: 'shop',
  media: 'media',
  analytics: 'analytics',
} as const;
export type ServiceName = (typeof ServiceName)[keyof typeof ServiceName];
export const SERVICE_NAMES: readonly ServiceName[] = Object.values(ServiceName);

export const Subjects = {
  health: (service: ServiceName) => `${service}.health` as const,
  auth: {
    registerSendCode: 'auth.register.send-code',
    registerVerify: 'auth.register.verify',
    resendCode: 'auth.code.resend',
    resetSendCode: 'auth.password-reset.send-code',
    resetVerify: 'auth.password-reset.verify',
    login: 'auth.session.login',
    exchangeToken: 'auth.session.exchange',
    /** { token } → SignInPreview, without using the token. */
    previewToken: 'auth.session.preview',
    refresh: 'auth.session.refresh',
    logout: 'auth.session.logout',
    logoutAll: 'auth.session.logout-all',
    /** { caller } → DeviceSession[]: the caller's signed-in devices. */
    listSessions: 'auth.session.list',
    /** { caller, id } → {}: ends one of the caller's sessions; any other id answers 404. */
    endSession: 'auth.session.end',
    /** { caller } → OtherSessionsEnded: ends every session of the caller but this one. */
    endOtherSessions: 'auth.session.end-others',
    checkSession: 'auth.session.check',
    me: 'auth.user.me',
    /** For other services: { userId } → { plan }. */
    userPlan: 'auth.user.plan',
    changePassword: 'auth.user.change-password',
    updateProfile: 'auth.user.update-profile',
    signingKeys: 'auth.keys',
    googleStart: 'auth.google.start',
    googleCallback: 'auth.google.callback',
    providers: 'auth.providers',
    /** For media-service: ImageReferencesRequest → ImageReferencesAnswer (profile photos). */
    referencedImages: 'auth.images.referenced',
    /** { caller } → DeletionCodeSent: e-mails a code confirming a deletion (no password set). */
    sendDeletionCode: 'auth.account.deletion-code',
    /**
     * { caller, body: AccountDeletionBody, client } → AccountDeleted: checks the password (or
     * code), announces Events.userDeleted, has shop-service apply it at once, then deletes the
     * account's own rows and ends its sessions.
     */
    deleteAccount: 'auth.account.delete',
    /** For shop-service: WebhookDisabledMail → {}: tells an owner their endpoint was disabled. */
    webhookDisabledMail: 'auth.mail.webhook-disabled',
    /** { caller, body: CreateApiKeyBody } → CreatedApiKey (403 while impersonating). */
    createApiKey: 'auth.api-keys.create',
    /** { caller } → ApiKey[], newest first. */
    listApiKeys: 'auth.api-keys.list',
    /** { caller, id } → null; announces Events.apiKeysRevoked before answering. */
    revokeApiKey: 'auth.api-keys.revoke',
    /** For the gateway: { hash } (SHA-256 hex of the key) → ApiKeyIdentity, or 401. */
    verifyApiKey: 'auth.api-keys.verify',
    impersonate: 'auth.admin.impersonate',
    setPlan: 'auth.admin.set-plan',
    /** For the gateway's admin guard: { userId } → { admin } (read from the database). */
    adminCheck: 'auth.admin.check',
    /** { caller, query: AdminListQuery } → AdminPage<AdminUser>. */
    adminUsers: 'auth.admin.users',
    /** { caller, id, body: ModerationReasonBody } → AdminUser: sessions end, sign-in refused. */
    adminDisableUser: 'auth.admin.disable-user',
    /** { caller, id } → AdminUser. */
    adminEnableUser: 'auth.admin.enable-user',
    /** { caller, query: AuditQuery } → AdminPage<AuditEntry>. */
    adminAudit: 'auth.admin.audit',
    /** { caller, query: AuditQuery } → { filename, csv }. */
    adminAuditCsv: 'auth.admin.audit-csv',
    /**
     * For shop-service, before an admin action it carries out: AdminAuditRecord → { id }. Checks
     * the caller is an admin acting as themself (404 otherwise) and records the audit event; the
     * action is not taken if this fails.
     */
    adminRecord: 'auth.admin.record',
    /** For shop-service: { ids } → Record<userId, email>. */
    adminUserEmails: 'auth.admin.user-emails',
    /** For shop-service: { q } → userIds whose e-mail or name matches (at most 500). */
    adminUsersMatching: 'auth.admin.users-matching',
  },
  shop: {
    status: 'shop.owner.status',
    profile: 'shop.owner.profile',
    /** { caller, body } → ShopWrite<Shop>. */
    updateSettings: 'shop.owner.update-settings',
    urlAvailable: 'shop.url.available',
    publicShop: 'shop.public.shop',
    publicProducts: 'shop.public.products',
    /** { shopUrl } → every product the shop shows, as text (product-list-text.ts; 403/404 as publicShop). */
    publicProductListText: 'shop.public.products.text',
    publicProduct: 'shop.public.product',
    publicStats: 'shop.public.stats',
    /** For the gateway's store redirect: { shopUrl, shortCode } → StoreRoute (404/403 like publicProduct). */
    storeRoute: 'shop.public.store-route',
    /** {} → SitemapShop[]. */
    sitemapShops: 'shop.sitemap.shops',
    /** { shopUrl } → SitemapShopPages (a private or missing shop answers 404). */
    sitemapShop: 'shop.sitemap.shop',
    /** { caller, body } → ShopWrite<Product>. */
    createProduct: 'shop.products.create',
    listProducts: 'shop.products.list',
    getProduct: 'shop.products.get',
    /** { caller, id, body } → ShopWrite<Product>. */
    updateProduct: 'shop.products.update',
    /** { caller, id } → ShopWrite<null>. */
    deleteProduct: 'shop.products.delete',
    /** { caller } → ProductQuota. */
    productQuota: 'shop.products.quota',
    /** For auth-service's deletion: { userId } → AccountShopRef | null. */
    accountShop: 'shop.account.shop',
    /** { caller } → ShopExport: the shop and every product, for the account export. */
    exportAccount: 'shop.account.export',
    /**
     * For auth-service: UserDeleted → { changedShopUrls }, answered once the shop and its
     * products are gone and their cached reads cleared (the ACCOUNTS stream delivers it too).
     */
    applyUserDeleted: 'shop.account.apply-deleted',
    /** { caller, uploadId, source } → ImportPreview (the text kept in Redis by the gateway). */
    importPreview: 'shop.products.import-preview',
    /** { caller, uploadId, dryRun } → ImportStart. */
    importStart: 'shop.products.import-start',
    /** { caller, jobId } → ImportStatus (another owner's job answers 404). */
    importStatus: 'shop.products.import-status',
    /** { caller } → { filename, csv }: the owner's products with the import's columns. */
    exportCsv: 'shop.products.export',
    /** For analytics-service: AnalyticsResolveRequest → AnalyticsResolveAnswer. */
    analyticsResolve: 'shop.analytics.resolve',
    /**
     * For media-service: BannersChanged → {}, answered once the shop carries the list and its
     * cached reads are cleared (the MEDIA stream's durable consumer applies it too, later).
     */
    applyBanners: 'shop.banners.apply',
    /**
     * For media-service's image sweep: ImageReferencesRequest → ImageReferencesAnswer (shop
     * photos, SEO images, product images).
     */
    referencedImages: 'shop.images.referenced',
    /** { caller } → WebhookEndpoint[]. */
    webhooksList: 'shop.webhooks.list',
    /** { caller, body: WebhookEndpointBody } → WebhookEndpointCreated (the secret, once). */
    webhooksCreate: 'shop.webhooks.create',
    /** { caller, id, body: WebhookEndpointUpdateBody } → WebhookEndpoint. */
    webhooksUpdate: 'shop.webhooks.update',
    /** { caller, id } → null. */
    webhooksDelete: 'shop.webhooks.delete',
    /** { caller, id } → WebhookDelivery[] (newest first). */
    webhooksDeliveries: 'shop.webhooks.deliveries',
    /** { caller, id, deliveryId } → WebhookDelivery: the same event sent again. */
    webhooksRedeliver: 'shop.webhooks.redeliver',
    /** { caller, id } → WebhookDelivery: a webhook.test event. */
    webhooksTest: 'shop.webhooks.test',
    /** For auth-service: { userIds } → Record<userId, { shopUrl, productCount }>. */
    adminOwnerSummaries: 'shop.admin.owner-summaries',
    /** For auth-service: { q } → userIds whose shop address or name matches (at most 500). */
    adminOwnersMatching: 'shop.admin.owners-matching',
    /**
     * For auth-service: { userId, disabled } → {}: the owner's shop answers 410 to visitors
     * while disabled; answered once the cached reads are dropped everywhere.
     */
    adminOwnerDisabled: 'shop.admin.owner-disabled',
    /** { caller, query: AdminListQuery } → AdminPage<AdminShop>. */
    adminShops: 'shop.admin.shops',
    /** { caller, query: AdminListQuery } → AdminPage<AdminProduct>. */
    adminProducts: 'shop.admin.products',
    /** { caller, id (shopId), body: ModerationReasonBody } → ShopWrite<AdminShop>. */
    adminHideShop: 'shop.admin.hide-shop',
    /** { caller, id } → ShopWrite<AdminShop>. */
    adminRestoreShop: 'shop.admin.restore-shop',
    /** { caller, id, body: ModerationReasonBody } → ShopWrite<AdminProduct>. */
    adminHideProduct: 'shop.admin.hide-product',
    /** { caller, id } → ShopWrite<AdminProduct>. */
    adminRestoreProduct: 'shop.admin.restore-product',
    /** { body: CreateReportBody, visitor } → {} (the visitor's address is only hashed). */
    createReport: 'shop.reports.create',
    /** { caller, query: ReportQuery } → AdminPage<AdminReport>. */
    adminReports: 'shop.admin.reports',
    /** { caller, id, body: ResolveReportBody } → ShopWrite<AdminReport>. */
    adminResolveReport: 'shop.admin.resolve-report',
    /** { caller } → CustomDomainAnswer. */
    domainGet: 'shop.domain.get',
    /** { caller, body: CustomDomainBody } → CustomDomain (pending; re-adding the same keeps its token). */
    domainSet: 'shop.domain.set',
    /** { caller } → CustomDomain: checked against DNS now. */
    domainVerify: 'shop.domain.verify',
    /** { caller } → ShopWrite<null>. */
    domainDelete: 'shop.domain.delete',
    /** For the gateway: { host } → { shopUrl } of the shop verified at that host, or 404. */
    domainResolve: 'shop.domain.resolve',
  },
  media: {
    /** ImageIngestRequest → UploadedImage: check an incoming upload, make and store its variants. */
    ingestImage: 'media.images.ingest',
    /** { caller, id } → null: the caller's own image (not a banner); other ids answer 404. */
    deleteImage: 'media.images.delete',
    /**
     * { id } → null: makes what an image uploaded before them lacks, its medium variant and
     * (shop photo, product image) share card (the gateway asks when it serves the image in
     * their stead); else nothing.
     */
    makeMissingVariants: 'media.images.make-missing',
    /** DefaultCardRequest → DefaultCardAnswer: draws (once) and stores a shop's default card. */
    defaultCard: 'media.cards.default',
    /** { caller } → BannerList. */
    listBanners: 'media.banners.list',
    /** BannerIngestRequest → Banner[]. */
    uploadBanners: 'media.banners.upload',
    /** { caller, id, body: BannerUpdateBody } → Banner. */
    updateBanner: 'media.banners.update',
    /** { caller, id } → null. */
    deleteBanner: 'media.banners.delete',
    /** { caller, body: BannerToggleBody } → BannerList. */
    toggleBanners: 'media.banners.toggle',
    /** { caller, body: BannerReorderBody } → BannerList. */
    reorderBanners: 'media.banners.reorder',
    /** { caller } → MediaExport: the banners and every image of the owner, for the export. */
    exportAccount: 'media.account.export',
    /** StorePageRequest → StorePage: reads a store's product page, copies its main image. */
    readStorePage: 'media.store-pages.read',
    /** CopyImageRequest → UploadedImage: an image at an address, copied through the upload checks. */
    copyImage: 'media.images.copy',
  },
  analytics: {
    /** { caller, query: AnalyticsRangeQuery } → AnalyticsOverview. */
    overview: 'analytics.owner.overview',
    /**
     * { caller, query } → ProductClicks[]; with `known` (the gateway's: the name of the answer it
     * keeps, or '') → text "{name}\n" followed by that JSON unless `known` is its name.
     */
    products: 'analytics.owner.products',
    /** { caller, id, query } → ProductAnalytics. */
    product: 'analytics.owner.product',
    /** { caller, query } → { filename, csv }. */
    exportCsv: 'analytics.owner.export',
    /** { caller, query } → { filename, csv }: one row a product (ANALYTICS_PRODUCTS_CSV_COLUMNS). */
    exportProductsCsv: 'analytics.owner.export-products',
    /** { caller } → AnalyticsExport: the owner's rollups, for the account export. */
    exportAccount: 'analytics.account.export',
  },
} as const;

/**
 * The answer of a write to a shop or its products: what was written, and the shop URLs whose
 * public reads it changed. shop-service has announced Events.shopChanged for each before
 * answering (every gateway replica drops them); the gateway that carried the write drops them
 * too before it answers, so that the writer's next read shows the write.
 */
export interface ShopWrite<T> {
  result: T;
  changedShopUrls: string[];
}

/** Events other services listen to. */
export const Events = {
  /** A shop's public reads changed: { shopUrl }. Every gateway replica drops what it holds. */
  shopChanged: 'events.shop.changed',
  /** JetStream stream ANALYTICS (analyticsStreamName): a shop page was opened (TrackedEvent). */
  analyticsShopView: 'events.analytics.track.shop-view',
  /** JetStream stream ANALYTICS: a visitor chose a store (TrackedEvent). */
  analyticsClick: 'events.analytics.track.click',
  /** JetStream stream ANALYTICS: a product's click total changed (ProductClicksChanged). */
  productClicks: 'events.analytics.product-clicks',
  /** JetStream stream MEDIA (mediaStreamName): an owner's banners changed (BannersChanged). */
  bannersChanged: 'events.media.banners-changed',
  /**
   * JetStream stream ACCOUNTS (accountsStreamName): an account was deleted (UserDeleted); each
   * service's durable consumer deletes its own data.
   */
  userDeleted: 'events.account.user-deleted',
  /** A user's API keys changed (ApiKeysRevoked): every gateway replica drops what it holds. */
  apiKeysRevoked: 'events.auth.api-keys-revoked',
} as const;
/** Every subject of the MEDIA stream, after the prefix. */
export const MEDIA_STREAM_SUBJECTS = 'events.media.>';
/** Every subject of the ANALYTICS stream, after the prefix. */
export const ANALYTICS_STREAM_SUBJECTS = 'events.analytics.>';
/** The subjects analytics-service stores, after the prefix. */
export const ANALYTICS_TRACK_SUBJECTS = 'events.analytics.track.>';

/** Queue group each service's replicas join, so that one replica answers each request. */
export const queueGroupOf = (service: ServiceName) => `${service}-service`;

/** Header names carried on HTTP and NATS messages. */
export const Headers = {
  requestId: 'x-request-id',
} as const;
