import { useId, type ChangeEvent } from 'react';
import { editMasked } from '../mask';

export interface InputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Mask with the shop's pattern characters (# X S A a !; docs/product.md "Form masks and page guards"). */
  mask?: string;
  error?: string;
  type?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  autoComplete?: string;
  /** Card inputs must not carry a name (docs/architecture.md "Security rules"), so it is optional. */
  name?: string;
  placeholder?: string;
  testId?: string;
}

/**
 * A labelled input. With `mask`, every edit (a key, a paste, a deletion in the middle) is shaped by
 * `editMasked`: the field is rewritten and its caret put back before React renders, so React finds the
 * value it expects and leaves the caret where the shopper is typing.
 */
export function Input({ label, value, onChange, mask, error, testId, ...rest }: InputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const onMaskedChange = (e: ChangeEvent<HTMLInputElement>) => {
    if (!mask) return;
    const field = e.target;
    const inputType = (e.nativeEvent as InputEvent).inputType ?? '';
    const edit = editMasked(mask, value, field.value, field.selectionStart ?? field.value.length, inputType);
    field.value = edit.value;
    if (field.ownerDocument.activeElement === field) field.setSelectionRange(edit.caret, edit.caret);
    if (edit.value !== value) onChange(edit.value);
  };
  return (
    <div className="bz-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="bz-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={testId}
        {...rest}
        value={value}
        onChange={mask ? onMaskedChange : (e) => onChange(e.target.value)}
      />
      {error ? (
        <span id={errorId} className="bz-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
