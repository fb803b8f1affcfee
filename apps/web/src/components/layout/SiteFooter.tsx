import { Link } from 'react-router';
import { MAX_STORES_PER_PRODUCT, SITE_NAME, SOCIAL_PROFILES } from '../../lib/site';
import { InstagramIcon, LinkedInIcon, XIcon } from '../icons';
import { Logo } from '../Logo';
import './SiteFooter.css';

const SOCIAL_ICONS = { Instagram: InstagramIcon, X: XIcon, LinkedIn: LinkedInIcon } as const;

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p className="site-footer__tagline">
            List a product once and sell it across up to {MAX_STORES_PER_PRODUCT} online stores.
          </p>
        </div>
        <nav aria-label="Legal" className="site-footer__links">
          <Link to="/privacy-policy">Privacy Policy</Link>
          <Link to="/terms-of-service">Terms of Service</Link>
        </nav>
        <ul className="site-footer__social" aria-label="Kartlink on social media">
          {SOCIAL_PROFILES.map(({ name, href }) => {
            const SocialIcon = SOCIAL_ICONS[name];
            return (
              <li key={name}>
                <a
                  href={href}
                  className="icon-button"
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${SITE_NAME} on ${name}`}
                >
                  <SocialIcon />
                </a>
              </li>
            );
          })}
        </ul>
      </div>
      <p className="container site-footer__copyright">
        © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
