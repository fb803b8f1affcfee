import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Caller, type ImageIngestRequest, Subjects } from '@kartlink/contracts';
import { ImagesService } from './images.service';

@Controller()
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @MessagePattern(Subjects.media.ingestImage)
  ingest(@Payload() request: ImageIngestRequest) {
    return this.images.ingest(request);
  }

  @MessagePattern(Subjects.media.makeMissingVariants)
  makeMissingVariants(@Payload() { id }: { id: string }) {
    return this.images.makeMissingVariants(id);
  }

  @MessagePattern(Subjects.media.deleteImage)
  remove(@Payload() { caller, id }: { caller: Caller; id: string }) {
    return this.images.remove(caller.userId, id);
  }
}
