import { useId } from 'react';
import { IMaskInput } from 'react-imask';
import { applyMask, toIMaskOptions } from '../mask';

export interface InputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Mask with the spec's pattern characters (# X S A a !). */
  mask?: string;
  error?: string;
  type?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  autoComplete?: string;
  /** Card inputs must not carry a name (DESIGN.md security rules), so it is optional. */
  name?: string;
  placeholder?: string;
  testId?: string;
}

/** A labelled input; with `mask`, typing is shaped by imask and the case rules of A / a applied. */
export function Input({ label, value, onChange, mask, error, testId, ...rest }: InputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    className: 'bz-input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'data-testid': testId,
    ...rest,
  };
  return (
    <div className="bz-field">
      <label htmlFor={id}>{label}</label>
      {mask ? (
        <IMaskInput
          {...common}
          {...toIMaskOptions(mask)}
          value={value}
          onAccept={(v: string) => {
            const cased = applyMask(mask, v);
            if (cased !== value) onChange(cased);
          }}
        />
      ) : (
        <input {...common} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
      {error ? (
        <span id={errorId} className="bz-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
