import type { ComponentPropsWithRef } from 'react';

/** A button's attributes and, as React 19 passes it as a prop, its `ref`. */
export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: 'primary' | 'secondary' | 'ghost';
}

/** The shop's button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'primary', className, type = 'button', ...rest }: ButtonProps) {
  const classes = ['bz-btn', variant === 'primary' ? '' : `bz-btn--${variant}`, className ?? ''].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
