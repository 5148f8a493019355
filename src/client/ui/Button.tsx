import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner.tsx';

type ButtonVariant = 'primary' | 'secondary' | 'link';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner, marks the button busy and blocks further clicks. */
  loading?: boolean;
  block?: boolean;
}

export function Button({ variant = 'primary', loading = false, block = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, block ? 'btn-block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading && <Spinner small />}
      <span>{children}</span>
    </button>
  );
}
