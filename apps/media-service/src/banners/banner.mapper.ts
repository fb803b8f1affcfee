import type { Banner, BannerList } from '@kartlink/contracts';
import { ImagePaths } from '@kartlink/contracts';
import type { BannerEntity, BannerSettingsEntity } from './banner.entity';

export function toBanner(banner: BannerEntity): Banner {
  return {
    id: banner.id,
    url: ImagePaths.banner(banner.id),
    alt: banner.alt,
    link: banner.link,
    order: banner.order,
  };
}

/** Banners show by default; the owner's toggle hides them all. */
export function toBannerList(
  settings: BannerSettingsEntity | null,
  banners: BannerEntity[],
): BannerList {
  return { enabled: settings?.enabled ?? true, images: banners.map(toBanner) };
}
