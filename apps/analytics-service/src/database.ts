import { databaseOptionsFor } from '@kartlink/server-kit';
import type { AnalyticsConfig } from './config';
import { EventEntity } from './events/event.entity';
import { CreateAnalytics1795333891483 } from './migrations/1795333891483-CreateAnalytics';
import { StoreFigures1795673199589 } from './migrations/1795673199589-StoreFigures';
import { LargeShopReports1795689546767 } from './migrations/1795689546767-LargeShopReports';
import { MonthlyRollups1795694434681 } from './migrations/1795694434681-MonthlyRollups';
import { ProductDimensionsShopClicks1795700000000 } from './migrations/1795700000000-ProductDimensionsShopClicks';
import { FoldQueue1795904651074 } from './migrations/1795904651074-FoldQueue';
import { ProductDayDimensions1796000000000 } from './migrations/1796000000000-ProductDayDimensions';
import { ShopDayDimensions1796100000000 } from './migrations/1796100000000-ShopDayDimensions';
import { FoldLanes1796200000000 } from './migrations/1796200000000-FoldLanes';
import { FasterDimensionMerge1796300000000 } from './migrations/1796300000000-FasterDimensionMerge';
import { FoldedByQueue1796400000000 } from './migrations/1796400000000-FoldedByQueue';
import { ClickTotalOutboxEntity } from './rollups/click-total-outbox.entity';
import { FoldQueueEntity } from './rollups/fold-queue.entity';
import { DailyVisitorEntity } from './rollups/daily-visitor.entity';
import { ProductDailyEntity } from './rollups/product-daily.entity';
import { ShopDailyEntity } from './rollups/shop-daily.entity';
import { ShopReportVersionEntity } from './rollups/shop-report-version.entity';
import {
  ProductMonthlyDimensionEntity,
  ProductMonthlyEntity,
  ShopMonthlyDimensionEntity,
} from './rollups/monthly.entity';

const entities = [
  EventEntity,
  ShopDailyEntity,
  ProductDailyEntity,
  DailyVisitorEntity,
  ClickTotalOutboxEntity,
  FoldQueueEntity,
  ProductMonthlyEntity,
  ProductMonthlyDimensionEntity,
  ShopMonthlyDimensionEntity,
  ShopReportVersionEntity,
];

/** Entities and migrations of the `analytics` schema; migrations are generated, never synchronised. */
export const database = {
  entities,
  migrations: [
    CreateAnalytics1795333891483,
    StoreFigures1795673199589,
    LargeShopReports1795689546767,
    MonthlyRollups1795694434681,
    ProductDimensionsShopClicks1795700000000,
    FoldQueue1795904651074,
    ProductDayDimensions1796000000000,
    ShopDayDimensions1796100000000,
    FoldLanes1796200000000,
    FasterDimensionMerge1796300000000,
    FoldedByQueue1796400000000,
  ],
};

export const dataSourceOptions = (config: AnalyticsConfig) =>
  databaseOptionsFor('analytics', config, database);
