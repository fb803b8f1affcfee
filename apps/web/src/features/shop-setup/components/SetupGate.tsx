import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../../components/Spinner';
import { useShopStatusQuery } from '../../../lib/shop-api';
import { setupGateMemory, shouldRedirectToSetup } from '../utils/setup-gate';
import { WizardMessages } from '../utils/wizard';

/**
 * SPEC section 2, setup gate, around the signed-in pages: an owner whose shop exists but is not
 * set up is sent to /shop/setup, once per session. Pages wait for the first answer about the
 * shop only while that can still happen; a failed answer lets them through.
 */
export function SetupGate() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const settled = setupGateMemory.alreadyRedirected() || setupGateMemory.publicRouteAccessed();
  const {
    data: status,
    isLoading,
    isUninitialized,
  } = useShopStatusQuery(undefined, {
    skip: settled,
  });
  // Pages wait for the first answer only: a later refetch (a page asking again after an
  // error) must not take them down and up again.
  const [answered, setAnswered] = useState(false);
  if (!answered && !isLoading && !isUninitialized) setAnswered(true);

  const redirect = shouldRedirectToSetup({
    pathname,
    status,
    alreadyRedirected: settled,
    publicRouteAccessed: setupGateMemory.publicRouteAccessed(),
  });

  useEffect(() => {
    if (!redirect) return;
    setupGateMemory.markRedirected();
    void navigate('/shop/setup', { replace: true });
  }, [redirect, navigate]);

  if (!settled && !answered) return <Spinner label={WizardMessages.checking} />;
  if (redirect) return <Spinner label="Opening the shop setup" />;
  return <Outlet />;
}
