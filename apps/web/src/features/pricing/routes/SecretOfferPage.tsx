import { formatRupees } from '@kartlink/contracts';
import { useSelector } from 'react-redux';
import { selectCurrentUser } from '../../../lib/auth-slice';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../../../lib/site';
import { PlanCard } from '../components/PlanCard';
import { percentOff, PLANS, PRICES, upgradeMailto } from '../pricing';
import './pricing.css';

const PREMIUM = PLANS.find((plan) => plan.id === 'premium')!;

/** /dashboard/secretoffer: Premium for a year at a lower price, for those who have the link. */
export function SecretOfferPage() {
  const user = useSelector(selectCurrentUser);
  const offer = formatRupees(PRICES.secretOfferYearly);
  const full = formatRupees(PRICES.premiumYearly);
  const off = percentOff(PRICES.secretOfferYearly, PRICES.premiumYearly);

  return (
    <div className="pricing-page">
      <div className="pricing-page__header">
        <p className="eyebrow">Only for you</p>
        <h1>A special offer</h1>
        <p>
          A year of Premium for <strong>{offer}</strong> instead of <s>{full}</s>: {off}% off.
        </p>
      </div>
      <div className="pricing-page__plans pricing-page__plans--single">
        <PlanCard
          plan={{
            ...PREMIUM,
            price: offer,
            period: 'for the first year',
            alternative: `Usually ${full} per year`,
          }}
          current={user?.plan === 'premium'}
          highlighted
          action={
            user?.plan === 'premium' ? (
              <p className="plan-card__summary">You already have Premium. Thank you!</p>
            ) : (
              <a
                className="button button--primary button--block"
                href={upgradeMailto(
                  SUPPORT_MAILTO,
                  `Special offer: Premium for a year at ${offer}`,
                  user?.email,
                )}
              >
                Contact us to claim it
              </a>
            )
          }
        />
      </div>
      <p className="pricing-page__note">
        This page is only reachable by its link. Write to{' '}
        <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a> with the button above and we apply the offer to
        your account by hand.
      </p>
    </div>
  );
}
