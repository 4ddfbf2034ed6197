// A labelled input or select, the one way a form field is written: the label names the control,
// and a hint under it is read with it.
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Said instead of the hint while the value is refused; the control is then marked invalid. */
  error?: ReactNode;
  /** More classes for the field around the control. */
  fieldClassName?: string;
}

/** What ties a control to its label and hint. */
interface Labelled {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

function Field({
  label,
  hint,
  error,
  fieldClassName,
  control,
}: FieldProps & { control: (a: Labelled) => ReactNode }) {
  const id = useId();
  const note = error || hint;
  const describedBy = note ? `${id}-hint` : undefined;
  const invalid = error ? true : undefined;
  return (
    <div className={fieldClassName ? `field ${fieldClassName}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {control({ id, 'aria-describedby': describedBy, 'aria-invalid': invalid })}
      {note && (
        <p id={describedBy} className={error ? 'field__error' : 'field__hint'}>
          {note}
        </p>
      )}
    </div>
  );
}

type InputAttributes = InputHTMLAttributes<HTMLInputElement>;
type SelectAttributes = SelectHTMLAttributes<HTMLSelectElement>;
type TextAreaAttributes = TextareaHTMLAttributes<HTMLTextAreaElement>;

/** The field's own props, and the rest for its control (an id given by the caller is not kept). */
function split<P extends FieldProps & { id?: string }>({
  label,
  hint,
  error,
  fieldClassName,
  ...rest
}: P) {
  return [{ label, hint, error, fieldClassName }, rest] as const;
}

export function TextField(props: FieldProps & Omit<InputAttributes, 'id'>) {
  const [field, input] = split(props);
  return <Field {...field} control={(a) => <input {...a} {...input} />} />;
}

export function SelectField(props: FieldProps & Omit<SelectAttributes, 'id'>) {
  const [field, select] = split(props);
  return <Field {...field} control={(a) => <select {...a} {...select} />} />;
}

export function TextAreaField(props: FieldProps & Omit<TextAreaAttributes, 'id'>) {
  const [field, textarea] = split(props);
  return <Field {...field} control={(a) => <textarea {...a} {...textarea} />} />;
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

type CodeFieldProps = FieldProps &
  Omit<InputAttributes, 'id' | 'type' | 'onChange' | 'value'> & {
    value: string;
    onCode: (digits: string) => void;
  };

/**
 * A 6-digit code from an e-mail or an authenticator app: the phone's number pad, the browser's
 * one-time-code fill, digits only whatever is pasted.
 */
export const CodeField = ({ onCode, ...props }: CodeFieldProps) => (
  <TextField
    name="code"
    inputMode="numeric"
    autoComplete="one-time-code"
    pattern="\d{6}"
    maxLength={6}
    {...props}
    onChange={(e) => onCode(e.target.value.replace(/\D/g, ''))}
  />
);
