import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Navigate, Outlet } from 'react-router';
import { FormAlert } from '../../../components/form/FormAlert';
import { Spinner } from '../../../components/Spinner';
import './RequireShop.css';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { useShopStatusQuery } from '../../../lib/shop-api';

const FINISH_SETUP_FIRST = 'Finish setting up your shop first.';

function SendToSetup() {
  useEffect(() => {
    toast(FINISH_SETUP_FIRST, { id: 'finish-setup-first' });
  }, []);
  return <Navigate to="/shop/setup" replace />;
}

/**
 * SPEC section 2: the extra shop guard of /dashboard/shop and its sections. Without a shop,
 * or before its setup is complete, the owner is sent to the setup wizard.
 */
export function RequireShop() {
  const { data: status, isLoading, error, refetch } = useShopStatusQuery();

  if (isLoading) return <Spinner label="Checking shop status..." />;
  if (!status) {
    return (
      <div className="shop-guard-error">
        <FormAlert>{userFacingMessage(httpStatusOf(error), serverMessageOf(error))}</FormAlert>
        <button type="button" className="button button--primary" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!status.hasShop || !status.setupCompleted) return <SendToSetup />;
  return <Outlet />;
}
