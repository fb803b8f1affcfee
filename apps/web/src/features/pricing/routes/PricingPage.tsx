import { useSelector } from 'react-redux';
import { selectCurrentUser } from '../../../lib/auth-slice';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../../../lib/site';
import { PlanCard } from '../components/PlanCard';
import { PLANS, upgradeMailto } from '../pricing';
import './pricing.css';

/** /dashboard/pricing: Free and Premium, in rupees, and how to upgrade. */
export function PricingPage() {
  const user = useSelector(selectCurrentUser);
  const plan = user?.plan ?? 'free';

  return (
    <div className="pricing-page">
      <div className="pricing-page__header">
        <h1>Plans and pricing</h1>
        <p>Start free. Upgrade to Premium for unlimited products.</p>
      </div>
      <div className="pricing-page__plans">
        {PLANS.map((item) => (
          <PlanCard
            key={item.id}
            plan={item}
            current={item.id === plan}
            highlighted={item.id === 'premium'}
            action={
              item.id === 'premium' && plan !== 'premium' ? (
                <a
                  className="button button--primary button--block"
                  href={upgradeMailto(SUPPORT_MAILTO, 'Upgrade to Premium', user?.email)}
                >
                  Contact us to upgrade
                </a>
              ) : undefined
            }
          />
        ))}
      </div>
      <p className="pricing-page__note">
        Paying online is not built yet: write to <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a> and we
        upgrade your account for you.
      </p>
    </div>
  );
}
