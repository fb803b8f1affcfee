import { createTracker, trackingConfigFrom } from '../lib/tracking';

/** The app's page-view tracker; off unless VITE_META_PIXEL_ID / VITE_GA_MEASUREMENT_ID are set. */
export const tracker = createTracker(trackingConfigFrom(import.meta.env));
