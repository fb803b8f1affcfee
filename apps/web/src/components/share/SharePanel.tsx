import { useId, useState, type RefObject } from 'react';
import toast from 'react-hot-toast';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../lib/errors';
import { saveFile } from '../../lib/save-file';
import { blobOf, type QrFormat, useLazyQrCodeQuery, useQrCodeQuery } from '../../lib/share-api';
import { CopyButton } from '../CopyButton';
import { DownloadIcon, ShareIcon } from '../icons';
import { Sheet } from '../Sheet';
import { LinkPreview } from './LinkPreview';
import { type Shareable, shareLinks } from './share-target';
import './share.css';

/** The size a QR code is downloaded at: sharp on a printed flyer. */
const DOWNLOAD_SIZE = 1024;

/** The share panel as a modal: a dialog, a sheet from the bottom on phones. */
export function ShareDialog({
  shareable,
  onClose,
  returnFocusTo,
}: {
  shareable: Shareable;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <Sheet title={`Share ${shareable.name}`} onClose={onClose} returnFocusTo={returnFocusTo} dialog>
      <SharePanel shareable={shareable} />
    </Sheet>
  );
}

/**
 * Everything to share a page: its link to copy, the chat apps' share pages, the phone's own
 * share sheet, the QR code to download, and how the link will look in a chat.
 */
function SharePanel({ shareable }: { shareable: Shareable }) {
  const { address, head } = shareable;
  const links = shareLinks(address, head.og.title);
  const canShare = typeof navigator.share === 'function';
  const appsTitle = useId();
  const previewTitle = useId();

  const shareNatively = async () => {
    try {
      await navigator.share({ title: head.og.title, text: head.og.title, url: address });
    } catch (failure) {
      // Closing the sheet is no failure.
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      toast.error('Could not open the share menu. Copy the link instead.');
    }
  };

  return (
    <div className="share-panel">
      <section className="share-panel__section" aria-label="Link">
        <div className="share-panel__link">
          <a href={address} target="_blank" rel="noreferrer" className="share-panel__address">
            {address}
          </a>
          <CopyButton text={address} label="Copy link" />
        </div>
      </section>

      <section className="share-panel__section" aria-labelledby={appsTitle}>
        <h3 id={appsTitle} className="share-panel__heading">
          Send it
        </h3>
        <ul className="share-panel__apps">
          {canShare && (
            <li>
              <button
                type="button"
                className="share-app share-app--native"
                onClick={() => void shareNatively()}
              >
                <ShareIcon />
                More apps…
              </button>
            </li>
          )}
          <ShareApp href={links.whatsapp} name="WhatsApp" />
          <ShareApp href={links.x} name="X" />
          <ShareApp href={links.telegram} name="Telegram" />
        </ul>
      </section>

      <QrCodeSection shareable={shareable} />

      <section className="share-panel__section" aria-labelledby={previewTitle}>
        <h3 id={previewTitle} className="share-panel__heading">
          How it looks in a chat
        </h3>
        <LinkPreview head={head} />
      </section>
    </div>
  );
}

function ShareApp({ href, name }: { href: string; name: string }) {
  return (
    <li>
      <a className="share-app" href={href} target="_blank" rel="noreferrer">
        {name}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </li>
  );
}

function QrCodeSection({ shareable }: { shareable: Shareable }) {
  const { data: preview, isError } = useQrCodeQuery({
    path: shareable.qrPath,
    format: 'png',
    size: 256,
  });
  const [fetchQr] = useLazyQrCodeQuery();
  const [busy, setBusy] = useState<QrFormat | null>(null);
  const titleId = useId();

  const download = async (format: QrFormat) => {
    if (busy) return;
    setBusy(format);
    try {
      const qr = await fetchQr(
        { path: shareable.qrPath, format, size: DOWNLOAD_SIZE },
        true,
      ).unwrap();
      saveFile(blobOf(qr.dataUrl), qr.filename);
    } catch (failure) {
      const status = httpStatusOf(failure);
      // A 500 has its own toast already (SPEC section 8).
      if (status !== 500) toast.error(userFacingMessage(status, serverMessageOf(failure)));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="share-panel__section share-qr" aria-labelledby={titleId}>
      <h3 id={titleId} className="share-panel__heading">
        QR code
      </h3>
      <div className="share-qr__body">
        <div className="share-qr__picture">
          {preview ? (
            <img src={preview.dataUrl} alt={`QR code of ${shareable.address}`} />
          ) : (
            <span className="share-qr__placeholder">
              {isError ? 'The QR code could not be loaded.' : 'Loading the QR code…'}
            </span>
          )}
        </div>
        <div className="share-qr__actions">
          <p className="share-qr__hint">
            For flyers, packaging and your counter: people scan it with their phone camera.
          </p>
          <button
            type="button"
            className="button button--secondary button--small"
            // Not disabled while busy: a disabled button would drop the focus out of the dialog.
            aria-disabled={busy !== null}
            onClick={() => void download('png')}
          >
            <DownloadIcon width={16} height={16} />
            {busy === 'png' ? 'Downloading…' : 'Download PNG'}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-disabled={busy !== null}
            onClick={() => void download('svg')}
          >
            <DownloadIcon width={16} height={16} />
            {busy === 'svg' ? 'Downloading…' : 'Download SVG'}
          </button>
        </div>
      </div>
    </section>
  );
}
