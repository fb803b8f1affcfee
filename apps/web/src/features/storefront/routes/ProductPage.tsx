import { useParams } from 'react-router';
import { ComingSoon } from '../../../components/ComingSoon';
import { useMarkPublicVisit } from '../hooks/use-mark-public-visit';

export function ProductPage() {
  const { shopUrl = '', shortCode = '' } = useParams();
  useMarkPublicVisit();
  return (
    <ComingSoon
      title="Product pages are on their way"
      description={`Product "${shortCode}" of the shop "${shopUrl}" will show here with its photos, details and the stores that sell it.`}
    />
  );
}
