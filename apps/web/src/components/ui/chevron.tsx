import './chevron.css';

/** The down-pointing mark inside a disclosure button; it turns up while the button is expanded. */
export function Chevron({ className }: { className?: string }) {
  return <span className={className ? `chevron ${className}` : 'chevron'} aria-hidden="true" />;
}
