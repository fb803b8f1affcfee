import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import { selectAccessToken } from '../../../lib/auth-slice';
import { trackStoreChoice } from '../api/tracking';

/** SPEC section 7's click call, with the visitor's session when they are signed in. */
export function useTrackStoreChoice(): (productId: string, vendor: string) => void {
  const accessToken = useSelector(selectAccessToken);
  return useCallback(
    (productId, vendor) => trackStoreChoice(productId, vendor, accessToken),
    [accessToken],
  );
}
