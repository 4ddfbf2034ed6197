import type { ReactNode } from 'react';

interface FactProps {
  label: string;
  /** The value; when there is none (null, undefined, false), the term is left out. */
  children: ReactNode;
  className?: string;
}

/** One term of a key's or a delivery's description list. */
export function Fact({ label, children, className }: FactProps) {
  if (children == null || children === false) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}
