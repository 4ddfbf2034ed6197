// Copying what is shown once (a secret, recovery codes): the copy, and a status line that says it
// went or, in a frame without clipboard permission, that the agent copies it by hand.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Copied = 'yes' | 'no' | null;

export function useCopy(text: string) {
  const [copied, setCopied] = useState<Copied>(null);
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => setCopied('yes'))
      .catch(() => setCopied('no'));
  return { copied, copy };
}

interface CopyStatusProps {
  copied: Copied;
  /** The i18n prefix of its `copied` and `copyByHand` words. */
  prefix: string;
  className: string;
}

export function CopyStatus({ copied, prefix, className }: CopyStatusProps) {
  const { t } = useTranslation();
  return (
    <p role="status" className={className}>
      {copied === 'yes' && t(`${prefix}.copied`)}
      {copied === 'no' && t(`${prefix}.copyByHand`)}
    </p>
  );
}
