// A list item's buttons, each named for the item it acts on, so a screen reader hears "Remove
// Laptop" rather than a row of "Remove": a button says `${prefix}.${action}` and is named
// `${prefix}.${action}Label`, given the words in `item`.
import { useTranslation } from 'react-i18next';

interface ItemAction {
  onClick: () => void;
  look?: 'primary' | 'danger';
}

interface ItemActionsProps {
  className: string;
  prefix: string;
  item: Record<string, string>;
  /** The buttons in order, by action; false leaves one out. */
  actions: Record<string, ItemAction | false>;
  /** While one runs: every button waits. */
  disabled?: boolean;
}

export function ItemActions({ className, prefix, item, actions, disabled }: ItemActionsProps) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      {Object.entries(actions).map(
        ([action, a]) =>
          a && (
            <button
              key={action}
              type="button"
              className={a.look ? `button button--${a.look}` : 'button'}
              disabled={disabled}
              aria-label={t(`${prefix}.${action}Label`, item)}
              onClick={a.onClick}
            >
              {t(`${prefix}.${action}`)}
            </button>
          ),
      )}
    </div>
  );
}
