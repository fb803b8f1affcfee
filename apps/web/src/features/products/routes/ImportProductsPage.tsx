import {
  IMPORT_MAX_BYTES,
  ImportMessages,
  type ImportPreview,
  type ImportSource,
  type ImportSummary,
} from '@kartlink/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form/FormAlert';
import { TextAreaField } from '../../../components/form/TextAreaField';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { saveFile } from '../../../lib/save-file';
import {
  useImportStatusQuery,
  useImportTemplateMutation,
  usePreviewImportMutation,
  useStartImportMutation,
} from '../api/import-api';
import './import.css';

const POLL_MS = 500;
/** Rows of the preview shown at once: the ones with errors first. */
const PREVIEW_ROWS_SHOWN = 200;

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

const messageOf = (failure: unknown) =>
  userFacingMessage(httpStatusOf(failure), serverMessageOf(failure));

/** A chosen file's text (UTF-8; a byte-order mark is the server's to drop). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/** "12 of 15 new products fit in your plan", or Premium's "no limit". */
function fitText(summary: ImportSummary) {
  if (summary.limit === null) return 'Premium: no product limit.';
  const verb = summary.fit === 1 ? 'fits' : 'fit';
  return `${summary.fit.toLocaleString('en-IN')} of ${plural(summary.creates, 'new product')} ${verb} in your plan (${summary.used} of ${summary.limit} used).`;
}

/** /dashboard/links/import: products from a CSV file or a pasted list of store addresses. */
export function ImportProductsPage() {
  const [source, setSource] = useState<ImportSource>('csv');
  const [pasted, setPasted] = useState('');
  const [fileName, setFileName] = useState('');
  const [problem, setProblem] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [dryRun, setDryRun] = useState<ImportSummary | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [previewImport, previewing] = usePreviewImportMutation();
  const [startImport, starting] = useStartImportMutation();
  const [downloadTemplate] = useImportTemplateMutation();

  const reset = () => {
    setPreview(null);
    setDryRun(null);
    setJobId(null);
    setProblem('');
  };

  const check = async (text: string, from: ImportSource) => {
    reset();
    if (new Blob([text]).size > IMPORT_MAX_BYTES) return setProblem(ImportMessages.tooLarge);
    try {
      setPreview(await previewImport({ source: from, text }).unwrap());
    } catch (failure) {
      setProblem(messageOf(failure));
    }
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    if (file.size > IMPORT_MAX_BYTES) {
      reset();
      return setProblem(ImportMessages.tooLarge);
    }
    await check(await readText(file), 'csv');
  };

  const start = async (dry: boolean) => {
    if (!preview) return;
    setProblem('');
    try {
      const answer = await startImport({ uploadId: preview.uploadId, dryRun: dry }).unwrap();
      if (answer.dryRun) setDryRun(answer.summary);
      else setJobId(answer.jobId);
    } catch (failure) {
      setProblem(messageOf(failure));
    }
  };

  const template = async () => {
    try {
      const { csv, filename } = await downloadTemplate().unwrap();
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename);
    } catch (failure) {
      toast.error(messageOf(failure));
    }
  };

  return (
    <div className="page page--wide import-page">
      <Link to="/dashboard/links" className="import-page__back">
        ← Your product links
      </Link>
      <h1 className="page__title">Import products</h1>
      <p className="page__lead">
        Bring a whole catalogue at once: a CSV file (start from the template), or store addresses
        pasted one product a line. Nothing is saved until you import.
      </p>

      {jobId ? (
        <ImportProgress jobId={jobId} onAgain={reset} />
      ) : (
        <>
          <fieldset className="import-source">
            <legend>Import from</legend>
            <label>
              <input
                type="radio"
                name="source"
                checked={source === 'csv'}
                onChange={() => {
                  setSource('csv');
                  reset();
                }}
              />{' '}
              A CSV file
            </label>
            <label>
              <input
                type="radio"
                name="source"
                checked={source === 'list'}
                onChange={() => {
                  setSource('list');
                  reset();
                }}
              />{' '}
              Pasted store addresses
            </label>
          </fieldset>

          {source === 'csv' ? (
            <div className="import-file">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void template()}
              >
                Download the template
              </button>
              <label className="button button--primary import-file__pick">
                Choose a CSV file
                <input
                  type="file"
                  accept=".csv,text/csv"
                  className="visually-hidden"
                  onChange={(event) => void chooseFile(event.target.files?.[0])}
                />
              </label>
              {fileName && <span className="import-file__name">{fileName}</span>}
              <p className="import-file__hint">
                Columns: title, description, price, brand, image_url, short_code, store_url_1 to
                store_url_7, show_on_shop. At most 2 MB and 5,000 products. A product whose short
                code your shop has already is updated; a column the file lacks is left as it is.
              </p>
            </div>
          ) : (
            <form
              className="import-paste"
              onSubmit={(event) => {
                event.preventDefault();
                void check(pasted, 'list');
              }}
            >
              <TextAreaField
                label="Store addresses"
                value={pasted}
                onValueChange={setPasted}
                rows={6}
                hint="One product a line; the addresses of one product on one line, separated by spaces or commas. Title, price and picture are read from the first store's page."
              />
              <button
                type="submit"
                className="button button--primary"
                disabled={!pasted.trim() || previewing.isLoading}
              >
                Check the list
              </button>
            </form>
          )}

          {previewing.isLoading && <p role="status">Checking each row…</p>}
          {problem && <FormAlert>{problem}</FormAlert>}
          {preview && (
            <PreviewTable
              preview={preview}
              dryRun={dryRun}
              busy={starting.isLoading}
              onDryRun={() => void start(true)}
              onImport={() => void start(false)}
            />
          )}
        </>
      )}
    </div>
  );
}

interface PreviewTableProps {
  preview: ImportPreview;
  dryRun: ImportSummary | null;
  busy: boolean;
  onDryRun: () => void;
  onImport: () => void;
}

function PreviewTable({ preview, dryRun, busy, onDryRun, onImport }: PreviewTableProps) {
  const { summary } = preview;
  const importable = summary.valid;
  const shown = [...preview.rows]
    .sort((a, b) => Number(b.errors.length > 0) - Number(a.errors.length > 0) || a.row - b.row)
    .slice(0, PREVIEW_ROWS_SHOWN);
  return (
    <section className="import-preview" aria-label="Preview">
      <h2>Preview</h2>
      <p role="status">
        {plural(summary.rows, 'row')}: {summary.valid.toLocaleString('en-IN')} ready
        {summary.invalid > 0 && `, ${summary.invalid.toLocaleString('en-IN')} with errors`}.{' '}
        {fitText(summary)}
      </p>
      <div className="import-preview__scroll">
        <table className="import-preview__table">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Product</th>
              <th scope="col">Stores</th>
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.row} className={row.errors.length ? 'import-preview__bad' : undefined}>
                <td>{row.row}</td>
                <td>
                  {row.title || (preview.source === 'list' ? 'From the store page' : '—')}
                  {row.shortCode && <span className="import-preview__code">/{row.shortCode}</span>}
                </td>
                <td>{row.stores}</td>
                <td>
                  {row.errors.length ? (
                    <ul className="import-preview__errors">
                      {row.errors.map((error) => (
                        <li key={`${error.column}:${error.msg}`}>{error.msg}</li>
                      ))}
                    </ul>
                  ) : row.action === 'update' ? (
                    'Updates your product'
                  ) : (
                    'New product'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.rows.length > shown.length && (
        <p className="import-file__hint">
          Showing {shown.length} of {preview.rows.length} rows, those with errors first.
        </p>
      )}
      {dryRun && (
        <FormAlert tone="info">
          Dry run: {plural(dryRun.fit, 'product')} would be added and{' '}
          {plural(dryRun.updates, 'product')} updated; {plural(dryRun.invalid, 'row')} would be
          skipped. Nothing was saved.
        </FormAlert>
      )}
      <div className="import-preview__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={onDryRun}
        >
          Dry run
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || importable === 0}
          onClick={onImport}
        >
          Import {plural(importable, 'product')}
        </button>
      </div>
    </section>
  );
}

function ImportProgress({ jobId, onAgain }: { jobId: string; onAgain: () => void }) {
  const [finished, setFinished] = useState(false);
  const { data: status, error } = useImportStatusQuery(jobId, {
    pollingInterval: finished ? 0 : POLL_MS,
    skipPollingIfUnfocused: false,
  });
  // Polling stops once the job is over (set during render: React redraws at once).
  if (status && (status.state === 'completed' || status.state === 'failed') && !finished)
    setFinished(true);
  const done = status?.done ?? 0;
  const total = status?.total ?? 0;
  const result = status?.result;
  const failedRows = result?.rows.filter((r) => r.outcome === 'failed') ?? [];
  const noted = result?.rows.filter((r) => r.outcome !== 'failed' && r.notes.length) ?? [];
  return (
    <section className="import-progress" aria-label="Import">
      <h2>{status?.state === 'completed' ? 'Import finished' : 'Importing…'}</h2>
      <progress
        className="import-progress__bar"
        aria-label="Import progress"
        max={total || 1}
        value={done}
      />
      <p className="import-progress__text" aria-live="polite">
        {status?.state === 'completed' ? 'Done: ' : ''}
        {done.toLocaleString('en-IN')} of {plural(total, 'row')}
      </p>
      {error && <FormAlert>{messageOf(error)}</FormAlert>}
      {status?.state === 'failed' && <FormAlert>{status.error}</FormAlert>}
      {result && (
        <>
          <p role="status">
            {plural(result.created, 'product')} added, {result.updated.toLocaleString('en-IN')}{' '}
            updated, {result.failed.toLocaleString('en-IN')} not imported.
          </p>
          {failedRows.length > 0 && (
            <>
              <h3>Not imported</h3>
              <ul className="import-progress__rows">
                {failedRows.map((row) => (
                  <li key={row.row}>
                    Row {row.row}: {row.errors.map((e) => e.msg).join('; ')}
                  </li>
                ))}
              </ul>
            </>
          )}
          {noted.length > 0 && (
            <>
              <h3>Imported with a note</h3>
              <ul className="import-progress__rows">
                {noted.map((row) => (
                  <li key={row.row}>
                    Row {row.row}:{' '}
                    {row.productId ? (
                      <Link to={`/dashboard/link/${row.productId}`}>{row.title}</Link>
                    ) : (
                      row.title
                    )}{' '}
                    — {row.notes.join('; ')}
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="import-preview__actions">
            <Link to="/dashboard/links" className="button button--primary">
              See your products
            </Link>
            <button type="button" className="button button--secondary" onClick={onAgain}>
              Import another file
            </button>
          </div>
        </>
      )}
    </section>
  );
}
