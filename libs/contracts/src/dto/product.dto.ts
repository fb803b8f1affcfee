import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Optional, Rule } from './rule';
import type { ProductBody, ProductListQuery, ProductUpdateBody } from '../product';
import {
  defaultStoreShapeProblem,
  ProductMessages,
  shortCodeProblem,
  storeUrlsProblem,
} from '../product-rules';
import {
  AFTER_END_ACTIONS,
  type AfterEndAction,
  ENDED_MESSAGE_MAX,
  instantProblem,
  ScheduleMessages,
} from '../schedule';
import { StorePageMessages } from '../store-pages';
import type { ImportSource } from '../product-csv';

const startsAtProblem = instantProblem(ScheduleMessages.startsAtInvalid);
const endsAtProblem = instantProblem(ScheduleMessages.endsAtInvalid);
/** A read date a few minutes ahead is a clock's drift; later is no read date. */
const priceReadAtProblem = (value: unknown) =>
  value === null ||
  (instantProblem('')(value) === undefined && Date.parse(value as string) <= Date.now() + 300_000)
    ? undefined
    : ScheduleMessages.priceReadAtInvalid;
const afterEndProblem = (value: unknown) =>
  (AFTER_END_ACTIONS as readonly unknown[]).includes(value)
    ? undefined
    : ScheduleMessages.afterEndInvalid;
const endedMessageProblem = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim().length <= ENDED_MESSAGE_MAX)
    ? undefined
    : ScheduleMessages.endedMessageTooLong;

const titleProblem = (v: unknown) =>
  typeof v !== 'string' || !v.trim()
    ? ProductMessages.titleRequired
    : v.trim().length > 200
      ? ProductMessages.titleTooLong
      : undefined;

class ProductFields {
  @Optional() @IsString() @MaxLength(2000) description?: string;
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 }, { message: ProductMessages.priceInvalid })
  @Min(0, { message: ProductMessages.priceInvalid })
  @Max(100_000_000, { message: ProductMessages.priceInvalid })
  price?: number | null;
  @Optional() @IsString() @MaxLength(100) brand?: string;
  @IsOptional() @IsString() @MaxLength(2048) imageUrl?: string | null;
  @Optional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MaxLength(2048, { each: true })
  images?: string[];
  @Optional() @Rule(shortCodeProblem) shortCode?: string;
  @Optional() @IsBoolean() showOnShop?: boolean;
  @Optional()
  @IsBoolean({ message: 'affiliateTags must be true or false' })
  affiliateTags?: boolean;
  @IsOptional() @Rule(defaultStoreShapeProblem) defaultStore?: string | null;
  @Optional() @Rule(priceReadAtProblem) priceReadAt?: string | null;
  @Optional() @Rule(startsAtProblem) startsAt?: string | null;
  @Optional() @Rule(endsAtProblem) endsAt?: string | null;
  @Optional() @Rule(afterEndProblem) afterEnd?: AfterEndAction;
  @Optional() @Rule(endedMessageProblem) endedMessage?: string | null;
}

export class CreateProductRequest extends ProductFields implements ProductBody {
  @Rule(titleProblem) title!: string;
  @Rule(storeUrlsProblem) originalURLs!: string[];
}

export class UpdateProductRequest extends ProductFields implements ProductUpdateBody {
  @Optional() @Rule(titleProblem) title?: string;
  @Optional() @Rule(storeUrlsProblem) originalURLs?: string[];
}

export class ShowOnShopRequest {
  @IsBoolean({ message: 'showOnShop must be true or false' }) showOnShop!: boolean;
}

export class ProductListRequest implements ProductListQuery {
  @Optional() @Type(() => Number) @IsInt() @Min(1) page?: number;
  @Optional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @Optional() @IsString() @MaxLength(100) search?: string;
}

/** POST /api/urls/store-page: the address of a store's product page to fill the link form from. */
export class StorePageLookupRequest {
  @IsString({ message: StorePageMessages.invalidUrl })
  @MaxLength(2048, { message: StorePageMessages.invalidUrl })
  url!: string;
}

/** POST /api/urls/import/preview?source=: a CSV file, or a pasted list of store addresses. */
export class ImportPreviewQuery {
  @IsOptional()
  @IsIn(['csv', 'list'], { message: 'source must be csv or list' })
  source?: ImportSource;
}

/** POST /api/urls/import: the previewed file to import, or to run dry. */
export class ImportStartRequest {
  @IsUUID('all', { message: 'uploadId must be the id a preview answered' }) uploadId!: string;
  @Optional() @IsBoolean({ message: 'dryRun must be true or false' }) dryRun?: boolean;
}
