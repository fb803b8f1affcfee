import { Link } from 'react-router';
import { ComingSoon } from '../../../components/ComingSoon';
import { SHOP_SECTIONS } from '../shop-sections';
import './ShopDashboardPage.css';

export function ShopDashboardPage() {
  return (
    <>
      <ComingSoon
        title="Your shop"
        description="An overview of your public shop: how it looks to visitors, its address and its status."
        back={{ to: '/dashboard', label: 'Back to Dashboard' }}
      />
      <nav className="shop-dashboard__sections" aria-label="Shop sections">
        {SHOP_SECTIONS.map((section) => (
          <Link key={section.path} to={section.path} className="shop-dashboard__section">
            {section.label}
            {'badge' in section && <span className="badge">{section.badge}</span>}
          </Link>
        ))}
      </nav>
    </>
  );
}
