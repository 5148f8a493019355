import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldMessage } from './FieldMessage.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  info?: string;
  required?: boolean;
  /** Content placed after the input inside the same row (e.g. a show-password toggle). */
  addon?: ReactNode;
  id?: string;
}

export function TextField({ name, label, value, onValueChange, error, info, required = false, addon, id, className, ...inputProps }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? `${name}-${generated}`;
  const messageId = `${inputId}-message`;
  const hasMessage = Boolean(error || info);
  return (
    <div className={['field', error ? 'field-invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={inputId}>
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      <div className="field-control">
        <input
          {...inputProps}
          id={inputId}
          name={name}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={hasMessage ? messageId : undefined}
        />
        {addon}
      </div>
      <FieldMessage id={messageId} error={error} info={info} />
    </div>
  );
}
