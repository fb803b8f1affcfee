import { DEFAULT_TIME_ZONE } from '@kartlink/contracts';
import toast from 'react-hot-toast';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { useMyShopQuery, useUpdateShopSettingsMutation } from '../../../lib/shop-api';

/**
 * The zone a product's schedule is entered and shown in: the shop's (Asia/Kolkata until the
 * owner saves another), and a way to save this device's zone as the shop's.
 */
export function useShopTimeZone() {
  const { data: shop } = useMyShopQuery();
  const [updateShop] = useUpdateShopSettingsMutation();
  const timeZone = shop?.timeZone ?? DEFAULT_TIME_ZONE;
  const saveTimeZone = async (zone: string) => {
    try {
      await updateShop({ timeZone: zone }).unwrap();
      toast.success(`Schedules now use ${zone}`);
    } catch (failure) {
      toast.error(userFacingMessage(httpStatusOf(failure), serverMessageOf(failure)));
    }
  };
  return { timeZone, saveTimeZone };
}
