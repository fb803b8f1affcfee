import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type AnalyticsRangeQuery, type Caller, Subjects } from '@kartlink/contracts';
import { ReportsService } from './reports.service';

type RangeRequest = { caller: Caller; query?: AnalyticsRangeQuery };

@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @MessagePattern(Subjects.analytics.overview)
  overview(@Payload() { caller, query }: RangeRequest) {
    return this.reports.overview(caller, query ?? {});
  }

  @MessagePattern(Subjects.analytics.products)
  products(@Payload() { caller, query, known }: RangeRequest & { known?: unknown }) {
    return this.reports.productClicks(
      caller,
      query ?? {},
      typeof known === 'string' ? known : undefined,
    );
  }

  @MessagePattern(Subjects.analytics.product)
  product(@Payload() { caller, id, query }: RangeRequest & { id: string }) {
    return this.reports.product(caller, id, query ?? {});
  }

  @MessagePattern(Subjects.analytics.exportCsv)
  exportCsv(@Payload() { caller, query }: RangeRequest) {
    return this.reports.exportCsv(caller, query ?? {});
  }

  @MessagePattern(Subjects.analytics.exportProductsCsv)
  exportProductsCsv(@Payload() { caller, query }: RangeRequest) {
    return this.reports.exportProductsCsv(caller, query ?? {});
  }
}
