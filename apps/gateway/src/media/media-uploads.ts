import { Inject, Injectable } from '@nestjs/common';
import {
  type Banner,
  type BannerIngestRequest,
  BannerMessages,
  type Caller,
  type ImageIngestRequest,
  type ImageKind,
  IMAGE_LIMITS,
  Subjects,
  type UploadedImage,
} from '@kartlink/contracts';
import type { BlobStore } from '@kartlink/server-kit';
import type { FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config';
import { ServiceClient } from '../services/service-client';
import { GATEWAY_CONFIG } from '../tokens';
import { BLOB_STORE } from './blob-store.provider';
import { discard, receiveForm } from './multipart';
import {
  bannerDetails,
  checkDeclaredSize,
  imageKind,
  imageMetadata,
  minimumSize,
  resizeOptions,
  uploadFilename,
} from './upload-fields';

/** More files than this in one multiple upload are refused; of those sent, 3 are taken. */
const MULTIPLE_UPLOAD_MAX_FILES = 10;

/**
 * The upload routes' one path: stream the form's files into the blob store, read its fields,
 * then ask media-service to check and process them (never sending the bytes over NATS). The
 * incoming blobs are deleted whatever the answer; media-service keeps what it accepted.
 */
@Injectable()
export class MediaUploads {
  constructor(
    private readonly services: ServiceClient,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * One image in `field`. `kind` fixed by the route, or read from the form's `type`; the shop
   * photo is resized unless the form says `resize=false`.
   */
  async image(
    caller: Caller,
    request: FastifyRequest,
    options: { field: string; kind?: ImageKind },
  ): Promise<UploadedImage> {
    const form = await receiveForm(request, this.blobs, {
      fileField: options.field,
      take: 1,
      maxFiles: 1,
    });
    try {
      const file = form.files[0]!;
      checkDeclaredSize(form.fields, file.size);
      const kind = options.kind ?? imageKind(form.fields);
      const resize = resizeOptions(form.fields, { always: options.kind === 'shop' });
      const metadata = imageMetadata(form.fields);
      const body: ImageIngestRequest = {
        caller: { userId: caller.userId },
        upload: { ...file, filename: uploadFilename(file.filename, form.fields) },
        kind,
        ...(resize ? { resize } : {}),
        ...minimumSize(form.fields),
        ...(metadata ? { metadata } : {}),
      };
      return await this.services.request<UploadedImage>(Subjects.media.ingestImage, body, {
        timeoutMs: this.config.UPLOAD_TIMEOUT_MS,
      });
    } finally {
      void discard(this.blobs, form.files);
    }
  }

  /** POST /banners/upload (one file with alt, link, order) and /upload-multiple (first 3). */
  async banners(caller: Caller, request: FastifyRequest, multiple: boolean): Promise<Banner[]> {
    const form = await receiveForm(request, this.blobs, {
      fileField: multiple ? 'banners' : 'banner',
      take: multiple ? IMAGE_LIMITS.bannersPerUpload : 1,
      maxFiles: multiple ? MULTIPLE_UPLOAD_MAX_FILES : 1,
      tooLargeMessage: BannerMessages.tooLarge,
    });
    try {
      const body: BannerIngestRequest = {
        caller: { userId: caller.userId },
        uploads: form.files,
        ...(multiple ? {} : { details: bannerDetails(form.fields) }),
      };
      return await this.services.request<Banner[]>(Subjects.media.uploadBanners, body, {
        timeoutMs: this.config.UPLOAD_TIMEOUT_MS,
      });
    } finally {
      void discard(this.blobs, form.files);
    }
  }
}
