import type { ReactNode } from 'react';
import './form.css';

interface FormAlertProps {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
}

/** A message about the whole form, announced when it appears. */
export function FormAlert({ tone = 'error', children }: FormAlertProps) {
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
