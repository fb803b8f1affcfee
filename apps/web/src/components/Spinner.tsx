import './Spinner.css';

interface SpinnerProps {
  label?: string;
}

/** A centred loading indicator that screen readers announce. */
export function Spinner({ label = 'Loading' }: SpinnerProps) {
  return (
    <div className="spinner" role="status" aria-label={label}>
      <span className="spinner__circle" aria-hidden="true" />
    </div>
  );
}
