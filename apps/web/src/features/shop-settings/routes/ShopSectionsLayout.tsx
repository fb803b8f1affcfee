import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { RenderErrorBoundary } from '../../../components/errors/RenderErrorBoundary';
import { ArrowLeftIcon, CloseIcon, MenuIcon } from '../../../components/icons';
import { SHOP_SECTIONS } from '../shop-sections';
import './ShopSectionsLayout.css';

/**
 * SPEC section 2: the shop sub-pages share a side menu on wide screens, a slide-in menu on
 * narrow ones, and a Back link to the shop dashboard.
 */
export function ShopSectionsLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <div className="shop-sections">
      <div className="shop-sections__top">
        <Link to="/dashboard/shop" className="back-link">
          <ArrowLeftIcon /> Back to shop
        </Link>
        <button
          type="button"
          className="button button--secondary button--small shop-sections__menu-button"
          aria-expanded={menuOpen}
          aria-controls="shop-sections-menu"
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon /> Menu
        </button>
      </div>
      <div className="shop-sections__body">
        <nav
          id="shop-sections-menu"
          aria-label="Shop sections"
          className={
            menuOpen ? 'shop-sections__menu shop-sections__menu--open' : 'shop-sections__menu'
          }
        >
          <div className="shop-sections__menu-head">
            <span>Shop sections</span>
            <button
              type="button"
              className="icon-button"
              aria-label="Close menu"
              onClick={closeMenu}
            >
              <CloseIcon />
            </button>
          </div>
          <ul>
            {SHOP_SECTIONS.map((section) => (
              <li key={section.path}>
                <NavLink to={section.path} className="shop-sections__link" onClick={closeMenu}>
                  {section.label}
                  {'badge' in section && <span className="badge">{section.badge}</span>}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {menuOpen && (
          <div className="shop-sections__scrim" aria-hidden="true" onClick={closeMenu} />
        )}
        <div className="shop-sections__content">
          <RenderErrorBoundary>
            <Outlet />
          </RenderErrorBoundary>
        </div>
      </div>
    </div>
  );
}
