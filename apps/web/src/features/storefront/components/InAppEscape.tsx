import { useId } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { useInAppEscape } from '../hooks/use-in-app-escape';
import { GlobeIcon } from './icons';

interface InAppEscapeNoticeProps {
  /** The app whose browser this is ("Instagram"). */
  app: string;
  /** The address that reopens the page in the phone's browser; null where there is none. */
  escapeUrl: string | null;
  /** This page's address, to copy where there is no way out. */
  pageUrl: string;
}

/**
 * Above the store sheet, in an app's own browser (Instagram, Facebook, TikTok...): a visitor
 * there is signed in to no store, and store apps do not open from it. One tap reopens the page
 * in the phone's browser, or, where the app offers no way out, copies its link to paste there.
 * Nothing happens without that tap.
 */
function InAppEscapeNotice({ app, escapeUrl, pageUrl }: InAppEscapeNoticeProps) {
  const titleId = useId();
  return (
    <section className="in-app-escape" aria-labelledby={titleId}>
      <GlobeIcon className="in-app-escape__icon" width={22} height={22} />
      <div className="in-app-escape__body">
        <h3 id={titleId} className="in-app-escape__title">
          You&apos;re in {app}&apos;s browser
        </h3>
        {escapeUrl ? (
          <>
            <p className="in-app-escape__text">
              Open this page in your browser to buy in the store app you&apos;re signed in to.
            </p>
            <a className="button button--primary button--small" href={escapeUrl}>
              Open in browser
            </a>
          </>
        ) : (
          <>
            <p className="in-app-escape__text">
              To buy in the store app you&apos;re signed in to, copy this link and paste it into
              Chrome or Safari.
            </p>
            <div className="in-app-escape__copy">
              <span className="in-app-escape__url">{pageUrl}</span>
              <CopyButton text={pageUrl} label="Copy link to this page" />
            </div>
          </>
        )}
      </div>
    </section>
  );
}

/**
 * The notice for this browser: nothing outside an in-app browser, and nothing before the
 * takeover. `disabled`: escape ids switched off in configuration (they get the copy screen).
 */
export function InAppEscape({ disabled }: { disabled?: readonly string[] }) {
  const escape = useInAppEscape(disabled);
  return escape ? <InAppEscapeNotice {...escape} /> : null;
}
