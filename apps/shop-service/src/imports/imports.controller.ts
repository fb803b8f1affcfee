import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Caller, Subjects } from '@kartlink/contracts';
import { ProductImportsService } from './product-imports.service';

@Controller()
export class ImportsController {
  constructor(private readonly imports: ProductImportsService) {}

  @MessagePattern(Subjects.shop.importPreview)
  preview(@Payload() { caller, uploadId }: { caller: Caller; uploadId: string }) {
    return this.imports.preview(caller, uploadId);
  }

  @MessagePattern(Subjects.shop.importStart)
  start(
    @Payload() { caller, uploadId, dryRun }: { caller: Caller; uploadId: string; dryRun: boolean },
  ) {
    return this.imports.start(caller, uploadId, dryRun === true);
  }

  @MessagePattern(Subjects.shop.importStatus)
  status(@Payload() { caller, jobId }: { caller: Caller; jobId: string }) {
    return this.imports.status(caller, jobId);
  }

  @MessagePattern(Subjects.shop.exportCsv)
  exportCsv(@Payload() { caller }: { caller: Caller }) {
    return this.imports.exportCsv(caller);
  }
}
