// A labelled input or select, the one way a form field is written: the label names the control,
// and a hint under it is read with it.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** More classes for the field around the control. */
  fieldClassName?: string;
}

/** What ties a control to its label and hint. */
interface Labelled {
  id: string;
  'aria-describedby'?: string;
}

function Field({
  label,
  hint,
  fieldClassName,
  control,
}: FieldProps & { control: (a: Labelled) => ReactNode }) {
  const id = useId();
  const describedBy = hint ? `${id}-hint` : undefined;
  return (
    <div className={fieldClassName ? `field ${fieldClassName}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {control({ id, 'aria-describedby': describedBy })}
      {hint && (
        <p id={describedBy} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

type InputAttributes = InputHTMLAttributes<HTMLInputElement>;
type SelectAttributes = SelectHTMLAttributes<HTMLSelectElement>;

/** The field's own props, and the rest for its control (an id given by the caller is not kept). */
function split<P extends FieldProps & { id?: string }>({
  label,
  hint,
  fieldClassName,
  ...rest
}: P) {
  return [{ label, hint, fieldClassName }, rest] as const;
}

export function TextField(props: FieldProps & Omit<InputAttributes, 'id'>) {
  const [field, input] = split(props);
  return <Field {...field} control={(a) => <input {...a} {...input} />} />;
}

export function SelectField(props: FieldProps & Omit<SelectAttributes, 'id'>) {
  const [field, select] = split(props);
  return <Field {...field} control={(a) => <select {...a} {...select} />} />;
}

type SearchBoxProps = FieldProps &
  Omit<InputAttributes, 'id' | 'type' | 'onChange'> & { onText: (text: string) => void };

/** A search box: typed text is a search, not words to complete or spell-check. */
export const SearchBox = ({ onText, ...props }: SearchBoxProps) => (
  <TextField
    type="search"
    autoComplete="off"
    spellCheck={false}
    {...props}
    onChange={(e) => onText(e.target.value)}
  />
);
