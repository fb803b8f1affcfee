import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';

const CopyMessages = {
  copied: 'Link copied',
  failed: 'Could not copy. Select the link and copy it yourself.',
} as const;

interface CopyButtonProps {
  text: string;
  /** The button's accessible name when the visible "Copy" is not enough (rows of links). */
  label?: string;
  className?: string;
  /** The toast after copying; "Link copied" unless told. */
  copiedMessage?: string;
}

/** Copies a link to the clipboard and says so. */
export function CopyButton({
  text,
  label,
  className = 'button button--secondary button--small',
  copiedMessage = CopyMessages.copied,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success(copiedMessage, { id: 'copied' });
    } catch {
      toast.error(CopyMessages.failed);
    }
  };

  return (
    <button type="button" className={className} aria-label={label} onClick={() => void copy()}>
      {copied ? 'Copied!' : 'Copy'}
    </button>
  );
}
