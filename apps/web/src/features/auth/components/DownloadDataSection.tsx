import toast from 'react-hot-toast';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { useExportAccountMutation } from '../api/account-api';

/** "Download my data": the whole account as one zip (account.json and the images). */
export function DownloadDataSection() {
  const [exportAccount, { isLoading }] = useExportAccountMutation();

  const download = async () => {
    try {
      const { filename } = await exportAccount().unwrap();
      toast.success(`Your data was saved as ${filename}.`);
    } catch (failure) {
      const status = httpStatusOf(failure);
      // A 500 has its own toast already (SPEC section 8).
      if (status !== 500) toast.error(userFacingMessage(status, serverMessageOf(failure)));
    }
  };

  return (
    <section className="card account-section" aria-labelledby="account-data">
      <h2 id="account-data" className="card__title">
        Your data
      </h2>
      <p className="account-section__text">
        One zip file with your profile, shop, products, banners and figures (account.json) and every
        image you uploaded.
      </p>
      <div className="account-section__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={isLoading}
          onClick={() => void download()}
        >
          {isLoading ? 'Preparing your data…' : 'Download my data'}
        </button>
      </div>
    </section>
  );
}
