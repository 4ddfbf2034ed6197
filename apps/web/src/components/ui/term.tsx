import type { ReactNode } from 'react';

interface TermProps {
  label: ReactNode;
  children: ReactNode;
  /** The value's classes (a number's `num`, a ticket's `ticket`). */
  className?: string;
}

/** One term of a description list and its value, kept together for the list's grid. */
export function Term({ label, children, className }: TermProps) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
