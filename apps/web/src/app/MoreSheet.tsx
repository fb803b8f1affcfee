import { useRef, useState, type RefObject } from 'react';
import { useSelector } from 'react-redux';
import { NavLink, useLocation } from 'react-router';
import { MoreIcon, SignOutIcon, StoreIcon } from '../components/icons';
import { Sheet } from '../components/Sheet';
import { UserAvatar } from '../components/UserAvatar';
import { useSignOut } from '../features/auth/hooks/use-sign-out';
import { selectCurrentUser } from '../lib/auth-slice';
import { publicShopAddress } from '../lib/public-address';
import { useShopStatusQuery } from '../lib/shop-api';
import { type DashboardSection, sectionsFor } from './dashboard-sections';

/**
 * A phone's "More": the bottom bar's fifth button opens a sheet from the bottom with the
 * sections the bar has no room for, the public shop, and sign-out; each one tap away. It is
 * marked when the page shown is one of its sections. Escape, the backdrop, the close button
 * and any choice close it, and the focus goes back to the button.
 */
export function MoreSheet({ current }: { current?: DashboardSection }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A navigation (a choice here, or the browser's back) closes it.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (open && openedAt !== pathname) setOpen(false);

  return (
    <>
      <button
        ref={button}
        type="button"
        className={current ? 'dashboard__nav-link active' : 'dashboard__nav-link'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen(true);
        }}
      >
        <MoreIcon className="dashboard__nav-icon" />
        <span className="dashboard__nav-label">More</span>
        {current && <span className="visually-hidden"> (showing {current.label})</span>}
      </button>
      {open && <MoreSheetDialog onClose={() => setOpen(false)} returnFocusTo={button} />}
    </>
  );
}

function MoreSheetDialog({
  onClose,
  returnFocusTo,
}: {
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <Sheet title="More" onClose={onClose} returnFocusTo={returnFocusTo}>
      <MoreSheetContent onChoose={onClose} />
    </Sheet>
  );
}

function MoreSheetContent({ onChoose }: { onChoose: () => void }) {
  const user = useSelector(selectCurrentUser);
  const { data: status } = useShopStatusQuery();
  const { signOut, leaving } = useSignOut();
  const shopAddress =
    status?.setupCompleted && status.shopUrl ? publicShopAddress(status.shopUrl) : null;

  return (
    <>
      {user && (
        <div className="more-sheet__person">
          <UserAvatar user={user} size="large" />
          <div className="more-sheet__who">
            <strong>{user.displayName ?? 'Your account'}</strong>
            <span>{user.email}</span>
          </div>
        </div>
      )}
      <ul className="more-sheet__list">
        {sectionsFor(user)
          .filter((section) => section.phone === 'more')
          .map(({ to, label, Icon }) => (
            <li key={to}>
              <NavLink to={to} className="more-sheet__item" onClick={onChoose}>
                <Icon />
                {label}
              </NavLink>
            </li>
          ))}
        {shopAddress && (
          <li>
            <a
              href={shopAddress}
              target="_blank"
              rel="noreferrer"
              className="more-sheet__item"
              onClick={onChoose}
            >
              <StoreIcon />
              View my shop
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        )}
        <li>
          <button
            type="button"
            className="more-sheet__item more-sheet__item--sign-out"
            disabled={leaving !== null}
            onClick={() => void signOut()}
          >
            <SignOutIcon />
            {leaving ? 'Signing out…' : 'Sign out'}
          </button>
        </li>
      </ul>
    </>
  );
}
