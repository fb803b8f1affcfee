import { ImageUploadMessages, type ImageUploadState } from './use-image-upload';
import './media.css';

interface UploadStatusProps {
  state: ImageUploadState;
  onRetry: () => void;
  /** Names the upload for people who cannot see where the bar is ("Upload progress"). */
  progressLabel?: string;
}

/** The percentage while an image uploads, then its success, or its failure with Retry Upload. */
export function UploadStatus({
  state,
  onRetry,
  progressLabel = 'Upload progress',
}: UploadStatusProps) {
  switch (state.phase) {
    case 'checking':
      return (
        <p className="upload-status upload-status--muted" role="status">
          {ImageUploadMessages.checking}
        </p>
      );
    case 'uploading':
      return <UploadProgress percent={state.percent} label={progressLabel} />;
    case 'uploaded':
      return (
        <p className="upload-status upload-status--success" role="status">
          {ImageUploadMessages.uploaded}
        </p>
      );
    case 'failed':
      return (
        <div className="upload-status upload-status--error">
          <p role="alert">{state.message}</p>
          {state.canRetry && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={onRetry}
            >
              Retry Upload
            </button>
          )}
        </div>
      );
    default:
      return null;
  }
}

/** A bar and the percentage sent. */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="upload-progress">
      <div
        className="upload-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="upload-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="upload-progress__text">Uploading… {percent}%</span>
    </div>
  );
}
