import type { ReactNode } from 'react';
import './StorefrontMessage.css';

interface StorefrontMessageProps {
  icon: ReactNode;
  title: string;
  /** Heading level: 1 when the message is the whole page. */
  level?: 1 | 2;
  children?: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
  /** Errors are announced; an empty shop is not an error. */
  alert?: boolean;
}

/** A centred message in place of a shop, product or list: errors and empty states. */
export function StorefrontMessage({
  icon,
  title,
  level = 1,
  children,
  actions,
  alert = false,
}: StorefrontMessageProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="storefront-message" role={alert ? 'alert' : undefined}>
      <span className="storefront-message__icon" aria-hidden="true">
        {icon}
      </span>
      <Heading className="storefront-message__title">{title}</Heading>
      {children && <p className="storefront-message__text">{children}</p>}
      {actions && <div className="storefront-message__actions">{actions}</div>}
    </section>
  );
}
