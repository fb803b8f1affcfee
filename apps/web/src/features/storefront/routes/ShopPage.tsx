import { useParams } from 'react-router';
import { ComingSoon } from '../../../components/ComingSoon';

export function ShopPage() {
  const { shopUrl = '' } = useParams();
  return (
    <ComingSoon
      title="Shop pages are on their way"
      description={`The shop "${shopUrl}" will show its products here, each with the stores you can buy it from.`}
    />
  );
}
