/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API root; defaults to /api on the same origin. */
  readonly VITE_API_URL?: string;
  /** Meta (Facebook) pixel id; page views are sent only when set. */
  readonly VITE_META_PIXEL_ID?: string;
  /** Google Analytics 4 measurement id; page views are sent only when set. */
  readonly VITE_GA_MEASUREMENT_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
