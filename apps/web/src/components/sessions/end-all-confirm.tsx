// A button that ends several sessions, asked twice: the question takes the focus, so a held Enter
// cannot answer it, and Cancel puts things back as they were.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface EndAllConfirmProps {
  /** The button's words ("End all other sessions"). */
  label: string;
  /** The question asked before ending them. */
  question: string;
  pending: boolean;
  onConfirm: () => void;
}

export function EndAllConfirm({ label, question, pending, onConfirm }: EndAllConfirmProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <Question
      question={question}
      pending={pending}
      onConfirm={() => {
        onConfirm();
        setAsking(false);
      }}
      onCancel={() => setAsking(false)}
      yes={pending ? t('sessions.ending') : t('sessions.confirmYes')}
    />
  );
}

function Question(props: {
  question: string;
  yes: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="end-all card" role="group" aria-labelledby={id}>
      <p id={id} ref={heading} tabIndex={-1} className="end-all__question">
        {props.question}
      </p>
      <div className="end-all__actions">
        <button
          type="button"
          className="button button--danger"
          disabled={props.pending}
          onClick={props.onConfirm}
        >
          {props.yes}
        </button>
        <button type="button" className="button" disabled={props.pending} onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
