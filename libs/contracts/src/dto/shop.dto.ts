import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { Optional, Rule } from './rule';
import { shopEarningsProblem } from '../affiliate-url';
import type { ShopEarnings } from '../store-routing';
import type { SetupSteps, ShopSeo, ShopSettingsBody, ShopUrlBody } from '../shop';
import { SEO_LIMITS } from '../shop';
import { timeZoneProblem } from '../schedule';
import { shopDescriptionProblem, shopNameProblem, shopUrlProblem } from '../shop-rules';
import { isSocialPlatform, type SocialMedia } from '../social';

/** An availability question: any text is asked, the answer says what is wrong with it. */
export class ShopUrlCheckRequest implements ShopUrlBody {
  @IsString({ message: 'Shop URL is required' }) @MaxLength(100) shopUrl!: string;
}

export class SetupStepsRequest implements Partial<SetupSteps> {
  @Optional() @IsBoolean() shopUrl?: boolean;
  @Optional() @IsBoolean() basicInfo?: boolean;
  @Optional() @IsBoolean() profilePhoto?: boolean;
}

export class ShopSeoRequest implements ShopSeo {
  @Optional() @IsString() @MaxLength(SEO_LIMITS.title) title?: string;
  @Optional() @IsString() @MaxLength(SEO_LIMITS.description) description?: string;
  @Optional() @IsString() @MaxLength(SEO_LIMITS.keywords) keywords?: string;
  @Optional() @IsString() @MaxLength(SEO_LIMITS.ogTitle) ogTitle?: string;
  @Optional() @IsString() @MaxLength(SEO_LIMITS.ogDescription) ogDescription?: string;
  @Optional() @IsString() @MaxLength(SEO_LIMITS.ogImage) ogImage?: string;
  @Optional() @IsIn(['summary', 'summary_large_image']) twitterCard?:
    'summary' | 'summary_large_image';
  @Optional() @IsString() @MaxLength(SEO_LIMITS.twitterTitle) twitterTitle?: string;
  @Optional() @IsString() @MaxLength(SEO_LIMITS.twitterDescription) twitterDescription?: string;
  @Optional() @IsString() @MaxLength(SEO_LIMITS.twitterImage) twitterImage?: string;
}

const socialMediaProblem = (value: unknown) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'socialMedia must be an object';
  for (const [platform, handle] of Object.entries(value)) {
    if (!isSocialPlatform(platform)) return `${platform} is not a supported social platform`;
    if (typeof handle !== 'string' || handle.length > 200)
      return `${platform} must be text of at most 200 characters`;
  }
  return undefined;
};

export class ShopSettingsRequest implements ShopSettingsBody {
  @Optional() @Rule(shopNameProblem) shopName?: string;
  @Optional() @Rule(shopDescriptionProblem) shopDescription?: string;
  @Optional() @Rule(shopUrlProblem) shopUrl?: string;
  @IsOptional() @IsString() @MaxLength(2048) shopPhotoURL?: string | null;
  @Optional() @IsBoolean() isShopPublic?: boolean;
  @Optional() @IsBoolean() setupCompleted?: boolean;
  @Optional() @ValidateNested() @Type(() => SetupStepsRequest) setupSteps?: SetupStepsRequest;
  @Optional() @IsObject() @Rule(socialMediaProblem) socialMedia?: SocialMedia;
  @Optional() @ValidateNested() @Type(() => ShopSeoRequest) seo?: ShopSeoRequest;
  @Optional() @Rule(shopEarningsProblem) earnings?: Partial<ShopEarnings>;
  @Optional() @Rule(timeZoneProblem) timeZone?: string;
}
