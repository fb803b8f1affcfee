import type { ReactNode } from 'react';

interface ShopPageHeaderProps {
  title: string;
  badge?: string;
  children?: ReactNode;
}

/** The heading of a shop section, with its Pro or Beta mark beside it. */
export function ShopPageHeader({ title, badge, children }: ShopPageHeaderProps) {
  return (
    <div>
      <div className="shop-title">
        <h1 className="page__title">{title}</h1>
        {badge && <span className="badge">{badge}</span>}
      </div>
      {children && <p className="page__lead">{children}</p>}
    </div>
  );
}
