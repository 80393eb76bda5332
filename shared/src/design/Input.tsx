import { Suspense, lazy, useId, useRef } from 'react';
import { applyMask } from '../mask';

// imask is loaded with the first masked input, not with the singleton (see MaskedInput.tsx)
const MaskedInput = lazy(() => import('./MaskedInput'));

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

/**
 * A labelled input; with `mask`, typing is shaped by imask and the case rules of A / a applied. Until
 * imask has loaded, a plain input applies the same mask to what is typed (and hands over its focus).
 */
export function Input({ label, value, onChange, mask, error, testId, ...rest }: InputProps) {
  const id = useId();
  // set when the plain input is replaced while it has the focus, so the masked one takes it over
  const handedFocus = useRef(false);
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
        <Suspense
          fallback={
            <input
              {...common}
              value={value}
              ref={(el) => {
                if (!el) return;
                // React 19 runs this cleanup before it removes the element, while it may still be focused
                return () => {
                  handedFocus.current = el.ownerDocument.activeElement === el;
                };
              }}
              onChange={(e) => {
                const masked = applyMask(mask, e.target.value);
                if (masked !== value) onChange(masked);
              }}
            />
          }
        >
          <MaskedInput {...common} mask={mask} value={value} onChange={onChange} focusFrom={handedFocus} />
        </Suspense>
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
