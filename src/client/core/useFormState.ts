// Values and per-field errors of a small hand-written form; editing a field clears its error.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from './fieldErrors.ts';

export function useFormState<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrorsState] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusPending = useRef(false);

  /** Shows errors after a submit attempt and moves focus to the first field that has one. */
  const setErrors = useCallback((next: FieldErrors) => {
    focusPending.current = Object.keys(next).length > 0;
    setErrorsState(next);
  }, []);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const setValue = useCallback((name: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrorsState((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const reset = useCallback((next: V) => {
    setValues(next);
    setErrorsState({});
  }, []);

  /** Binds a TextField to a value: `<TextField {...bind('login')} />`. */
  const bind = (name: keyof V & string) => ({
    name,
    value: values[name],
    onValueChange: (value: string) => setValue(name, value),
    error: errors[name],
  });

  return { values, errors, setErrors, setValue, reset, bind, formRef };
}
