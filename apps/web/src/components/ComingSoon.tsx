import { Link } from 'react-router';
import { ToolIcon } from './icons';
import './ComingSoon.css';

interface ComingSoonProps {
  /** What this page will be, e.g. "Set up your shop". */
  title: string;
  /** What it will let people do, in a sentence or two. */
  description: string;
  /** Where to go meanwhile; defaults to the home page. */
  back?: { to: string; label: string };
}

const HOME = { to: '/', label: 'Back to Home' };

/** An honest placeholder for pages that later work fills in. */
export function ComingSoon({ title, description, back = HOME }: ComingSoonProps) {
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <span className="coming-soon__icon">
        <ToolIcon width={28} height={28} />
      </span>
      <p className="eyebrow">Coming soon</p>
      <h1 id="coming-soon-title">{title}</h1>
      <p className="coming-soon__lead">This part of Kartlink is being built.</p>
      <p className="coming-soon__text">{description}</p>
      <div className="coming-soon__actions">
        <Link to={back.to} className="button button--secondary">
          {back.label}
        </Link>
      </div>
    </section>
  );
}
