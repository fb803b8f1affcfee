import { Controller, Inject, Injectable } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BlobKeys,
  type DefaultCardAnswer,
  type DefaultCardRequest,
  Subjects,
} from '@kartlink/contracts';
import { type BlobStore, ServiceError } from '@kartlink/server-kit';
import { BLOB_STORE } from '../blobs/blob-store.provider';
import { defaultCardDigest, renderDefaultCard } from './default-card';

/** Longer than any shop name may be (SPEC: 100); a longer one still draws, cut with "…". */
const MAX_NAME = 1000;
const SHOP_URL = /^[a-z0-9-]{1,100}$/;

/**
 * Default share cards, drawn once per name and kept in the blob store under a key named by
 * what they show: every gateway replica serves the same bytes, and a renamed shop gets a new
 * card while the old one's address stays valid for crawlers that still hold it.
 */
@Injectable()
export class DefaultCards {
  constructor(@Inject(BLOB_STORE) private readonly blobs: BlobStore) {}

  async find(request: DefaultCardRequest): Promise<DefaultCardAnswer> {
    const { shopName, shopUrl } = request ?? {};
    if (typeof shopName !== 'string' || shopName.trim() === '' || shopName.length > MAX_NAME)
      throw ServiceError.validation([{ path: 'shopName', msg: 'shopName must be a shop name' }]);
    if (typeof shopUrl !== 'string' || !SHOP_URL.test(shopUrl))
      throw ServiceError.validation([{ path: 'shopUrl', msg: 'shopUrl must be a shop URL' }]);
    const key = BlobKeys.defaultCard(defaultCardDigest(shopName, shopUrl));
    if (!(await this.blobs.stat(key)))
      await this.blobs.put(key, await renderDefaultCard(shopName, shopUrl), {
        contentType: 'image/jpeg',
      });
    return { key };
  }
}

@Controller()
export class DefaultCardsController {
  constructor(private readonly cards: DefaultCards) {}

  @MessagePattern(Subjects.media.defaultCard)
  find(@Payload() request: DefaultCardRequest) {
    return this.cards.find(request);
  }
}
