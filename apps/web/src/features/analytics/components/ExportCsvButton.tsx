import toast from 'react-hot-toast';
import type { DayRange } from '../../../lib/analytics-range';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { saveFile } from '../../../lib/save-file';
import { useExportAnalyticsCsvMutation } from '../api/analytics-api';

/** Downloads the range's daily figures as CSV (fetched with the session, saved as a file). */
export function ExportCsvButton({ range, disabled }: { range: DayRange; disabled?: boolean }) {
  const [exportCsv, { isLoading }] = useExportAnalyticsCsvMutation();

  const download = async () => {
    try {
      const { csv, filename } = await exportCsv(range).unwrap();
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
