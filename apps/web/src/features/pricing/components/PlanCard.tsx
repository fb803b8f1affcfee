import type { ReactNode } from 'react';
import { CheckIcon } from '../../../components/icons';
import type { Plan } from '../pricing';

interface PlanCardProps {
  plan: Plan;
  current: boolean;
  highlighted?: boolean;
  action?: ReactNode;
}

/** One plan: its price in rupees, what it includes, and how to get it. */
export function PlanCard({ plan, current, highlighted = false, action }: PlanCardProps) {
  return (
    <article
      className={highlighted ? 'plan-card plan-card--highlighted' : 'plan-card'}
      aria-labelledby={`plan-${plan.id}`}
    >
      <div className="plan-card__header">
        <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
        {current && <span className="badge">Your plan</span>}
      </div>
      <p className="plan-card__price">
        <strong>{plan.price}</strong> <span>{plan.period}</span>
      </p>
      {plan.alternative && <p className="plan-card__alternative">{plan.alternative}</p>}
      <p className="plan-card__summary">{plan.summary}</p>
      <ul className="plan-card__features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <CheckIcon width={16} height={16} />
            {feature}
          </li>
        ))}
      </ul>
      {action && <div className="plan-card__action">{action}</div>}
    </article>
  );
}
