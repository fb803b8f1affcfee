import { plainToInstance, Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  Min,
  ValidateNested,
  validateSync,
} from 'class-validator';
import type { AccountShopRef, UserDeleted } from '../account';
import type { ProductClicksChanged } from '../analytics';
import type { Banner, BannerList, BannersChanged } from '../media';

/**
 * The payloads of the stream events, as DTOs (the tracked visits and clicks excepted, which
 * come by the thousand a second: see analytics-service's readEvent): a consumer reads an event
 * through readPayload,
 * which keeps the declared fields only and answers undefined for anything a producer could not
 * have written (it is acknowledged and dropped, never retried for ever).
 */
export function readPayload<T extends object>(payload: new () => T, value: unknown): T | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const read = plainToInstance(payload, value);
  return validateSync(read, { whitelist: true }).length === 0 ? read : undefined;
}

class BannerPayload implements Banner {
  @IsString() id!: string;
  /** An address of this site's own. */
  @IsString() @Matches(/^\//) url!: string;
  @IsString() alt!: string;
  @IsString() link!: string;
  @IsInt() order!: number;
}

class BannerListPayload implements BannerList {
  @IsBoolean() enabled!: boolean;
  @IsArray() @ValidateNested({ each: true }) @Type(() => BannerPayload) images!: Banner[];
}

/** Events.bannersChanged, from media-service. */
export class BannersChangedPayload implements BannersChanged {
  @IsString() id!: string;
  @IsUUID() userId!: string;
  @IsInt() @Min(0) @Max(Number.MAX_SAFE_INTEGER) version!: number;
  @ValidateNested() @Type(() => BannerListPayload) banners!: BannerList;
  @IsString() occurredAt!: string;
}

/** Events.productClicks, from analytics-service. */
export class ProductClicksPayload implements ProductClicksChanged {
  @IsUUID() productId!: string;
  @IsInt() @Min(0) @Max(Number.MAX_SAFE_INTEGER) clicks!: number;
}

class AccountShopPayload implements AccountShopRef {
  @IsUUID() shopId!: string;
  @IsOptional() @IsString() shopUrl!: string | null;
  @IsOptional() @IsString() shopName!: string | null;
  @IsInt() @Min(0) products!: number;
}

/** Events.userDeleted, from auth-service. */
export class UserDeletedPayload implements UserDeleted {
  @IsString() id!: string;
  @IsUUID() userId!: string;
  @IsOptional() @ValidateNested() @Type(() => AccountShopPayload) shop!: AccountShopRef | null;
  @IsString() deletedAt!: string;
}
