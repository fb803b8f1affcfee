import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CopyImageRequest, type StorePageRequest, Subjects } from '@kartlink/contracts';
import { StorePagesService } from './store-pages.service';

@Controller()
export class StorePagesController {
  constructor(private readonly storePages: StorePagesService) {}

  @MessagePattern(Subjects.media.readStorePage)
  read(@Payload() request: StorePageRequest) {
    return this.storePages.read(request);
  }

  @MessagePattern(Subjects.media.copyImage)
  copy(@Payload() request: CopyImageRequest) {
    return this.storePages.copy(request);
  }
}
