import type { Shop } from '@kartlink/contracts';
import type { ReactNode } from 'react';
import { FormAlert } from '../../../components/form/FormAlert';
import { Spinner } from '../../../components/Spinner';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { useMyShopQuery } from '../../../lib/shop-api';

/** Draws `children` with the owner's shop once it is loaded; says so when it cannot be. */
export function WithShop({ children }: { children: (shop: Shop) => ReactNode }) {
  const { data: shop, error, isLoading, refetch } = useMyShopQuery();
  if (isLoading) return <Spinner label="Loading your shop" />;
  if (!shop) {
    return (
      <div className="page__problem">
        <FormAlert>{userFacingMessage(httpStatusOf(error), serverMessageOf(error))}</FormAlert>
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <>{children(shop)}</>;
}
