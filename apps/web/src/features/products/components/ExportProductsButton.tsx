import toast from 'react-hot-toast';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { saveFile } from '../../../lib/save-file';
import { useExportProductsMutation } from '../api/import-api';

/** Downloads every product as CSV, with the import's columns (it imports back unchanged). */
export function ExportProductsButton({ disabled }: { disabled?: boolean }) {
  const [exportProducts, { isLoading }] = useExportProductsMutation();

  const download = async () => {
    try {
      const { csv, filename } = await exportProducts().unwrap();
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename);
    } catch (failure) {
      const status = httpStatusOf(failure);
      // A 500 has its own toast already (SPEC section 8).
      if (status !== 500) toast.error(userFacingMessage(status, serverMessageOf(failure)));
    }
  };

  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={disabled || isLoading}
      onClick={() => void download()}
    >
      {isLoading ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
