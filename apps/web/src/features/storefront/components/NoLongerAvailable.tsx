import { NO_LONGER_AVAILABLE_MESSAGE } from '@kartlink/contracts';
import { Link } from 'react-router';
import { useNoIndex } from '../hooks/use-no-index';
import { AlertIcon } from './icons';
import { StorefrontMessage } from './StorefrontMessage';

/**
 * A shop or product that was taken down (issue 21: 410 NO_LONGER_AVAILABLE): said plainly,
 * with nothing of its owner, kept out of search engines, and a way home.
 */
export function NoLongerAvailable() {
  useNoIndex();
  return (
    <div className="storefront">
      <StorefrontMessage
        icon={<AlertIcon />}
        title={NO_LONGER_AVAILABLE_MESSAGE}
        actions={
          <Link to="/" className="button button--secondary">
            Go to Homepage
          </Link>
        }
      >
        It has been taken down and cannot be shown. If you followed a link, it will not work again.
      </StorefrontMessage>
    </div>
  );
}
