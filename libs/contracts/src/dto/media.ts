import { IsOptional } from 'class-validator';
import { Rule } from './rule';
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
  @IsOptional() @Rule(bannerAltProblem) alt?: string;
  @IsOptional() @Rule(bannerLinkProblem) link?: string;
  @IsOptional() @Rule(bannerOrderProblem) order?: number;
}

/** POST /banners/toggle. */
export class BannerToggleRequest implements BannerToggleBody {
  @Rule(bannerEnabledProblem) enabled!: boolean;
}

/** POST /banners/reorder: every banner of the owner, each once, in the new order. */
export class BannerReorderRequest implements BannerReorderBody {
  @Rule(bannerIdsProblem) bannerIds!: string[];
}
