import { ImagePaths, type UploadedImage } from '@kartlink/contracts';
import type { ImageEntity } from './image.entity';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const extensionOf = (contentType: string) => EXTENSIONS[contentType] ?? 'img';

/** The public addresses of an image, by its kind. */
function imageUrls(image: Pick<ImageEntity, 'id' | 'kind' | 'contentType'>) {
  switch (image.kind) {
    case 'product':
      return {
        url: ImagePaths.productImage(image.id),
        thumbnailUrl: ImagePaths.productThumbnail(image.id),
      };
    case 'banner':
      return { url: ImagePaths.banner(image.id), thumbnailUrl: ImagePaths.banner(image.id) };
    default:
      return {
        url: ImagePaths.photo(image.id, extensionOf(image.contentType)),
        thumbnailUrl: ImagePaths.photoThumbnail(image.id),
      };
  }
}

export function toUploadedImage(image: ImageEntity): UploadedImage {
  const { url, thumbnailUrl } = imageUrls(image);
  return {
    _id: image.id,
    url,
    photoURL: url,
    thumbnailUrl,
    width: image.width,
    height: image.height,
    contentType: image.contentType,
    bytes: image.bytes,
  };
}
