interface ToastMessageProps {
  title: string;
  body: string;
}

/** A toast with a bold title line above its text. */
export function ToastMessage({ title, body }: ToastMessageProps) {
  return (
    <span className="toast-message">
      <strong className="toast-message__title">{title}</strong>
      <span>{body}</span>
    </span>
  );
}
