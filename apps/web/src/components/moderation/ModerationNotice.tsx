import type { ModerationHold } from '@kartlink/contracts';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../../lib/site';
import './moderation.css';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });
const dateOf = (hold: ModerationHold) => dateFormat.format(new Date(hold.at));

/**
 * Issue 21: the owner's shop was hidden by an admin. Said at the top of the dashboard and the
 * shop's settings: why (the admin's words), since when, and what to do.
 */
export function HiddenShopNotice({ hold }: { hold: ModerationHold }) {
  return (
    <section className="moderation-notice" role="alert" aria-labelledby="hidden-shop-title">
      <h2 id="hidden-shop-title" className="moderation-notice__title">
        Your shop is hidden by Kartlink: {hold.reason}
      </h2>
      <p>
        Since {dateOf(hold)}, visitors to your shop and its products are told the page is no longer
        available. If you think this is a mistake, or once you have fixed the problem, contact
        support at <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
      </p>
    </section>
  );
}

/** Issue 21: a product an admin hid, on its page in the dashboard. */
export function HiddenProductNotice({ hold }: { hold: ModerationHold }) {
  return (
    <section className="moderation-notice" role="alert" aria-labelledby="hidden-product-title">
      <h2 id="hidden-product-title" className="moderation-notice__title">
        Hidden by Kartlink: {hold.reason}
      </h2>
      <p>
        Since {dateOf(hold)}, visitors to this product’s page are told it is no longer available. If
        you think this is a mistake, contact support at <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>
        .
      </p>
    </section>
  );
}

/** Issue 21: the mark of a hidden product in the owner's list. */
export function HiddenBadge() {
  return <span className="badge moderation-badge">Hidden by Kartlink</span>;
}
