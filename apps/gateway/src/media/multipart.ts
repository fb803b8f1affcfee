import fastifyMultipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  BlobKeys,
  ErrorCode,
  IMAGE_LIMITS,
  type IncomingUpload,
  UploadMessages,
} from '@kartlink/contracts';
import { type BlobStore, ServiceError } from '@kartlink/server-kit';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Text fields an upload form may carry (type, resizeOptions, alt...), each this long at most. */
const FIELD_LIMIT_BYTES = 16 * 1024;

/**
 * Multipart bodies for the upload routes. A file is never held whole in memory: it streams
 * into the blob store, cut off at 5 MB (SPEC section 9).
 */
export async function registerMultipart(app: NestFastifyApplication) {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: IMAGE_LIMITS.maxBytes,
      fieldSize: FIELD_LIMIT_BYTES,
      fields: 20,
      files: 1,
      parts: 40,
    },
  });
}

export interface ReceivedForm {
  files: IncomingUpload[];
  fields: Record<string, string>;
}

export interface FormShape {
  /** The field the files come in ('photo', 'image', 'banner', 'banners'). */
  fileField: string;
  /** Files taken; more in the same field are read and dropped (SPEC: the first 3 banners). */
  take: number;
  /** Files accepted in the body at all: more answer "Too many files". */
  maxFiles: number;
  /** Said when a file is over 5 MB (banners have their own words). */
  tooLargeMessage?: string;
}

/**
 * Reads a multipart upload: each file of `fileField` streams into the blob store under
 * `incoming/<uuid>`; text fields are collected. A file cut off at the size limit is deleted
 * and the whole upload is refused with 413 FILE_TOO_LARGE, after the body was read to its end.
 */
export async function receiveForm(
  request: FastifyRequest,
  blobs: BlobStore,
  shape: FormShape,
): Promise<ReceivedForm> {
  if (!request.isMultipart())
    throw new ServiceError(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'Send the image as multipart/form-data.',
    );
  const form: ReceivedForm = { files: [], fields: {} };
  let tooLarge = false;
  try {
    for await (const part of request.parts({
      limits: { files: shape.maxFiles },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0])) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in form.fields))
          form.fields[part.fieldname] = part.value;
        continue;
      }
      // An empty file part is what a form sends when no file was chosen.
      const wanted = part.fieldname === shape.fileField && part.filename !== '';
      if (!wanted || tooLarge || form.files.length >= shape.take) {
        await drain(part.file);
        continue;
      }
      const key = BlobKeys.incoming(randomUUID());
      const stored = await blobs.put(key, part.file, {
        contentType: part.mimetype || 'application/octet-stream',
      });
      if (part.file.truncated) {
        tooLarge = true;
        await blobs.delete(key);
        continue;
      }
      form.files.push({
        key,
        filename: part.filename,
        mimeType: part.mimetype ?? '',
        size: stored.size,
      });
    }
  } catch (err) {
    await discard(blobs, form.files);
    throw formError(err);
  }
  if (tooLarge) {
    await discard(blobs, form.files);
    throw new ServiceError(
      ErrorCode.FILE_TOO_LARGE,
      shape.tooLargeMessage ?? UploadMessages.tooLarge,
    );
  }
  if (form.files.length === 0) throw new ServiceError(ErrorCode.NO_FILE, UploadMessages.noFile);
  return form;
}

/** Deletes incoming blobs nobody will read (best effort: media-service deletes them too). */
export async function discard(blobs: BlobStore, files: IncomingUpload[]) {
  await Promise.all(files.map((file) => blobs.delete(file.key).catch(() => undefined)));
}

async function drain(stream: Readable) {
  for await (const _chunk of stream) {
    // Read and dropped.
  }
}

function formError(err: unknown): unknown {
  if (err instanceof ServiceError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT')
    return new ServiceError(ErrorCode.BAD_REQUEST, UploadMessages.tooManyFiles);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new ServiceError(ErrorCode.BAD_REQUEST, 'The form has too many fields.');
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new ServiceError(ErrorCode.FILE_TOO_LARGE, UploadMessages.tooLarge);
  if (code === 'FST_PROTO_VIOLATION')
    return new ServiceError(ErrorCode.BAD_REQUEST, 'A form field has a name that is not allowed.');
  if (code === 'FST_MP_PREMATURE_CLOSE')
    return new ServiceError(ErrorCode.BAD_REQUEST, UploadMessages.incomplete);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new ServiceError(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'Send the image as multipart/form-data.',
    );
  const message = (err as Error).message ?? '';
  if (/multipart|boundary|unexpected end|terminated early|premature close/i.test(message))
    return new ServiceError(ErrorCode.BAD_REQUEST, UploadMessages.incomplete);
  return err;
}
