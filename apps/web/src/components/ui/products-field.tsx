import { BOOK_PRODUCTS, type BookProduct } from '@backline/contract/calls/platform-feed';
import { useTranslation } from 'react-i18next';
import { CheckField } from './check-field';

/** The products on, one box each; what the form keeps is the list turned off. */
export function ProductsField(props: {
  legend: string;
  off: readonly BookProduct[];
  onChange: (off: BookProduct[]) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const { off, onChange } = props;
  return (
    <fieldset className={props.className}>
      <legend>{props.legend}</legend>
      {BOOK_PRODUCTS.map((product) => (
        <CheckField
          key={product}
          label={t(`player.access.productNames.${product}`)}
          checked={!off.includes(product)}
          onChange={(on) => onChange(on ? off.filter((p) => p !== product) : [...off, product])}
        />
      ))}
    </fieldset>
  );
}
