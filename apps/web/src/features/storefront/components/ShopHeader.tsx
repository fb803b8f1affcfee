import type { PublicShop } from '@kartlink/contracts';
import { thumbnailOf, visibleSocialLinks } from '@kartlink/contracts';
import { useId, useState } from 'react';
import { isLongerThan, truncate } from '../utils/text';
import { SOCIAL_PLATFORM_INFO } from './social-icons';
import './ShopHeader.css';

/** SPEC sections 2 and 9: a longer description is cut at 120 characters, with Show more. */
const DESCRIPTION_PREVIEW_LIMIT = 120;

/** The top of a public shop: photo or initial, name, description and social links. */
export function ShopHeader({ shop }: { shop: PublicShop }) {
  const socialLinks = visibleSocialLinks(shop.socialMedia);
  return (
    <header className="shop-header">
      <ShopAvatar name={shop.shopName} photo={shop.shopPhotoURL} />
      <h1 className="shop-header__name">{shop.shopName}</h1>
      {shop.shopDescription && <ShopDescription text={shop.shopDescription} />}
      {socialLinks.length > 0 && (
        <ul className="shop-header__social" aria-label={`${shop.shopName} elsewhere`}>
          {socialLinks.map(({ platform, url }) => {
            const { name, Icon } = SOCIAL_PLATFORM_INFO[platform];
            const external = url.startsWith('http');
            return (
              <li key={platform}>
                <a
                  href={url}
                  className="shop-header__social-link"
                  aria-label={name}
                  title={name}
                  {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  <Icon width={20} height={20} />
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </header>
  );
}

function ShopAvatar({ name, photo }: { name: string; photo: string | null }) {
  const [failed, setFailed] = useState(false);
  if (photo && !failed) {
    return (
      <img
        className="shop-header__avatar"
        // Shown at 96 px: its 320-px thumbnail, not the 800-px photo.
        src={thumbnailOf(photo)}
        alt={`${name} logo`}
        decoding="async"
        width={96}
        height={96}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className="shop-header__avatar shop-header__avatar--initial" aria-hidden="true">
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}

function ShopDescription({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = isLongerThan(text, DESCRIPTION_PREVIEW_LIMIT);
  return (
    <div className="shop-header__description">
      <p id={id}>{long && !expanded ? truncate(text, DESCRIPTION_PREVIEW_LIMIT) : text}</p>
      {long && (
        <button
          type="button"
          className="shop-header__more"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}
