// Select, textarea and plain input fields that look and label like the shop's Input. They take
// react-hook-form's `register(...)` as they are (React 19 passes `ref` as a prop).
import { useId, type ComponentProps, type ReactNode } from 'react';

/** The label, the control and its error (tied to the control by aria-describedby) that every field shares. */
function Field({ label, error, control }: { label: string; error: string | undefined; control: (a11y: { id: string; className: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  return (
    <div className="bz-field">
      <label htmlFor={id}>{label}</label>
      {control({ id, className: 'bz-input', ...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-e` } : {}) })}
      {error ? (
        <span id={`${id}-e`} className="bz-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function SelectField({ label, error, children, ...rest }: { label: string; error?: string; children: ReactNode } & ComponentProps<'select'>) {
  return (
    <Field
      label={label}
      error={error}
      control={(a11y) => (
        <select {...a11y} {...rest}>
          {children}
        </select>
      )}
    />
  );
}

export function TextAreaField({ label, error, ...rest }: { label: string; error?: string } & ComponentProps<'textarea'>) {
  return <Field label={label} error={error} control={(a11y) => <textarea {...a11y} {...rest} />} />;
}

/** A plain labelled input (dates, search) for react-hook-form's `register` or a controlled value. */
export function TextField({ label, error, ...rest }: { label: string; error?: string } & ComponentProps<'input'>) {
  return <Field label={label} error={error} control={(a11y) => <input {...a11y} {...rest} />} />;
}
