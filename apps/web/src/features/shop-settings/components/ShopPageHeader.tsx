import type { ReactNode } from 'react';

interface ShopPageHeaderProps {
  title: string;
  badge?: string;
  children?: ReactNode;
}

/** The heading of a shop section, with its Pro or Beta mark beside it. */
export function ShopPageHeader({ title, badge, children }: ShopPageHeaderProps) {
  return (
    <div className="shop-page__header">
      <div className="shop-page__title">
        <h1>{title}</h1>
        {badge && <span className="badge">{badge}</span>}
      </div>
      {children && <p className="shop-page__lead">{children}</p>}
    </div>
  );
}
