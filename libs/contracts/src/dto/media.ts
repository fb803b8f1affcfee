import { Optional, Rule } from './rule';
import type { BannerReorderBody, BannerToggleBody, BannerUpdateBody } from '../media';
import {
  bannerAltProblem,
  bannerEnabledProblem,
  bannerIdsProblem,
  bannerLinkProblem,
  bannerOrderProblem,
} from '../media-rules';

/** PUT /banners/{id}: any of alt, link and order, with SPEC section 5's messages. */
export class BannerUpdateRequest implements BannerUpdateBody {
  @Optional() @Rule(bannerAltProblem) alt?: string;
  @Optional() @Rule(bannerLinkProblem) link?: string;
  @Optional() @Rule(bannerOrderProblem) order?: number;
}

/** POST /banners/toggle. */
export class BannerToggleRequest implements BannerToggleBody {
  @Rule(bannerEnabledProblem) enabled!: boolean;
}

/** POST /banners/reorder: every banner of the owner, each once, in the new order. */
export class BannerReorderRequest implements BannerReorderBody {
  @Rule(bannerIdsProblem) bannerIds!: string[];
}
