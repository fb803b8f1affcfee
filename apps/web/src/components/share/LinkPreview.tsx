import type { PageHead } from '@kartlink/contracts';
import { useState } from 'react';

/**
 * A link as a chat app shows it (WhatsApp's bubble): the share card, the title, the
 * description and the host, from the page's Open Graph head.
 */
export function LinkPreview({ head }: { head: PageHead }) {
  const [imageFailed, setImageFailed] = useState<string | null>(null);
  const { og } = head;
  const host = new URL(og.url).host;
  const showImage = imageFailed !== og.image.url;

  return (
    <figure className="link-preview" aria-label="Link preview">
      <div className="link-preview__bubble">
        <div className="link-preview__card">
          {showImage && (
            <img
              className="link-preview__image"
              src={og.image.url}
              alt={og.image.alt}
              width={og.image.width}
              height={og.image.height}
              onError={() => setImageFailed(og.image.url)}
            />
          )}
          <div className="link-preview__text">
            <p className="link-preview__title">{og.title}</p>
            <p className="link-preview__description">{og.description}</p>
            <p className="link-preview__host">{host}</p>
          </div>
        </div>
        <p className="link-preview__message">{og.url}</p>
      </div>
    </figure>
  );
}
