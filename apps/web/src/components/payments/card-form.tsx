import { useId, type FormEvent, type ReactNode } from 'react';

interface CardFormProps {
  title: ReactNode;
  /** More classes for the form. */
  className?: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** A form in a card, named by its heading (payments.css lays its fields out two by two). */
export function CardForm({ title, className, onSubmit, children }: CardFormProps) {
  const id = useId();
  return (
    <form
      className={className ? `payment-form card ${className}` : 'payment-form card'}
      aria-labelledby={`${id}-title`}
      onSubmit={onSubmit}
      noValidate
    >
      <h2 id={`${id}-title`} className="payment-form__title">
        {title}
      </h2>
      {children}
    </form>
  );
}
