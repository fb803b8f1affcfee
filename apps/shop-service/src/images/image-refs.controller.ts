import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type ImageReferencesAnswer,
  type ImageReferencesRequest,
  isUuid,
  MAX_IMAGE_REFERENCE_IDS,
  Subjects,
} from '@kartlink/contracts';
import { ImageRefsRepository } from './image-refs.repository';

/** For media-service's image sweep only: which of these images a shop or product still shows. */
@Controller()
export class ImageRefsController {
  constructor(private readonly refs: ImageRefsRepository) {}

  @MessagePattern(Subjects.shop.referencedImages)
  async referenced(@Payload() request: ImageReferencesRequest): Promise<ImageReferencesAnswer> {
    const ids = (Array.isArray(request?.ids) ? request.ids : [])
      .filter((id): id is string => typeof id === 'string' && isUuid(id))
      .slice(0, MAX_IMAGE_REFERENCE_IDS)
      .map((id) => id.toLowerCase());
    return { referenced: await this.refs.referenced(ids) };
  }
}
