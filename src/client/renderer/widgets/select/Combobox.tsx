// An accessible select with search (ARIA combobox + listbox): type to filter, arrows to move, Enter to choose,
// Escape to close. Single or multiple values, clearable, preferred options first above a divider,
// "No options" when nothing matches. Shared by the select, remote select, phone and filter widgets. Its state and
// keys are in useCombobox.ts: this renders them.
import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, CloseIcon } from '../../../ui/icons.tsx';
import type { SelectOption } from './options.ts';
import { useCombobox } from './useCombobox.ts';
import './select.css';

export interface ComboboxProps {
  id: string;
  options: readonly SelectOption[];
  /** The chosen value; an array when `multiple`. */
  value: unknown;
  onChange: (value: unknown) => void;
  multiple?: boolean;
  /** A clear button is shown by default; clearing gives `emptyValue` (or [] when multiple). */
  clearable?: boolean;
  emptyValue?: unknown;
  searchable?: boolean;
  sort?: boolean;
  preferred?: readonly unknown[];
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  /** Name of the control when no <label for={id}> names it. */
  ariaLabel?: string;
  /** Id of the visible label naming the list of options. */
  labelledBy?: string;
  ariaInvalid?: boolean;
  ariaDescribedBy?: string;
  ariaRequired?: boolean;
  onFocus?: () => void;
  onBlur?: () => void;
  className?: string;
  /** The options asked for elsewhere as the user types (the API): the typed text goes here and `options` are shown as they are. */
  onQueryChange?: (query: string | null) => void;
  /** Labels of chosen values that `options` may not hold (a remote search shows other rows). */
  chosen?: readonly SelectOption[];
}

export function Combobox(props: ComboboxProps) {
  const { id, multiple = false, clearable = true, searchable = true, disabled = false, readOnly = false } = props;
  const { t } = useTranslation();
  const [open, visible, selectedOptions, locked, inputProps, optionProps, toggle, close, remove, clear] = useCombobox(props);
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    close();
    props.onBlur?.();
  };
  const listId = `${id}-listbox`;

  return (
    <div className={['field-control', 'select-control', multiple ? 'select-multiple' : '', props.className ?? ''].filter(Boolean).join(' ')} onBlur={onBlur}>
      <div className="select-value">
        {multiple &&
          selectedOptions.map((option) => (
            <span key={String(option.value)} className="select-chip">
              <span>{option.label}</span>
              {!locked && (
                <button type="button" className="select-chip-remove" aria-label={t('form:select.remove', { label: option.label })} onClick={() => remove(option.value)}>
                  <CloseIcon />
                </button>
              )}
            </span>
          ))}
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-label={props.ariaLabel}
          aria-autocomplete={searchable ? 'list' : 'none'}
          aria-controls={listId}
          {...inputProps}
          aria-invalid={props.ariaInvalid || undefined}
          aria-describedby={props.ariaDescribedBy}
          aria-required={props.ariaRequired || undefined}
          placeholder={multiple && selectedOptions.length ? undefined : (props.placeholder ?? t('form:select.placeholder'))}
          readOnly={!searchable || readOnly}
          disabled={disabled}
          onFocus={props.onFocus}
        />
      </div>
      {clearable && !locked && selectedOptions.length > 0 && (
        <button type="button" className="field-addon select-clear" aria-label={t('form:select.clear')} onClick={clear}>
          <CloseIcon />
        </button>
      )}
      <button
        type="button"
        className="field-addon select-toggle"
        tabIndex={-1}
        aria-label={t('form:select.toggle')}
        aria-controls={listId}
        aria-expanded={open}
        disabled={locked}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          toggle();
          inputProps.ref.current?.focus();
        }}
      >
        <ChevronDownIcon />
      </button>
      {open && visible.length > 0 && (
        <ul id={listId} className="select-popup" role="listbox" aria-multiselectable={multiple || undefined} aria-labelledby={props.labelledBy} aria-label={props.labelledBy ? undefined : props.ariaLabel}>
          {visible.map((option, index) => {
            const own = optionProps(option, index);
            return (
              <li key={`${String(option.value)}-${index}`} {...own}>
                {multiple && <span className="select-check" aria-hidden="true">{own['aria-selected'] ? '✓' : ''}</span>}
                {option.label}
              </li>
            );
          })}
        </ul>
      )}
      {open && visible.length === 0 && (
        <div id={listId} className="select-popup select-empty" role="status">
          {t('form:select.noOptions')}
        </div>
      )}
    </div>
  );
}
