import toast from 'react-hot-toast';
import type { DayRange } from '../../../lib/analytics-range';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { saveFile } from '../../../lib/save-file';
import { type CsvRequest, useExportAnalyticsCsvMutation } from '../api/analytics-api';

interface ExportCsvButtonProps {
  range: DayRange;
  /** One row a day (the default) or one row a product. */
  rows?: CsvRequest['rows'];
  disabled?: boolean;
}

const LABELS = { days: 'Export CSV', products: 'Export products CSV' } as const;

/**
 * Downloads the range's figures as CSV, one row a day or a product (fetched with the session,
 * saved as a file).
 */
export function ExportCsvButton({ range, rows = 'days', disabled }: ExportCsvButtonProps) {
  const [exportCsv, { isLoading }] = useExportAnalyticsCsvMutation();

  const download = async () => {
    try {
      const { csv, filename } = await exportCsv({ ...range, rows }).unwrap();
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
      {isLoading ? 'Exporting…' : LABELS[rows]}
    </button>
  );
}
