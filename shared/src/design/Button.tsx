import type { ComponentPropsWithRef, MouseEvent } from 'react';

/** A button's attributes and, as React 19 passes it as a prop, its `ref`. */
export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: 'primary' | 'secondary' | 'ghost';
}

/**
 * The shop's button; `type` defaults to "button" so it never submits a form by accident. While
 * `aria-disabled` (a busy button keeps the keyboard focus, a disabled one drops it) it ignores presses:
 * no `onClick`, and no form submission — Enter in a field clicks the form's submit button too.
 */
export function Button({ variant = 'primary', className, type = 'button', onClick, ...rest }: ButtonProps) {
  const classes = ['bz-btn', variant === 'primary' ? '' : `bz-btn--${variant}`, className ?? ''].filter(Boolean).join(' ');
  const inert = rest['aria-disabled'] === true || rest['aria-disabled'] === 'true';
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (inert) return event.preventDefault();
    onClick?.(event);
  };
  return <button type={type} className={classes} onClick={press} {...rest} />;
}
