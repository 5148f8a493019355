// An accessible select with search (ARIA combobox + listbox): type to filter, arrows to move, Enter to choose,
// Escape to close. Single or multiple values, clearable, preferred options first above a divider,
// "No options" when nothing matches. Shared by the select, remote select, phone and filter widgets.
import { useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, CloseIcon } from '../../../ui/icons.tsx';
import { useLocale } from '../locale.ts';
import { arrangeOptions, matchesQuery, type SelectOption } from './options.ts';
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
  const { id, options, value, onChange, multiple = false, clearable = true, searchable = true, sort = true, preferred, disabled = false, readOnly = false } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const arranged = useMemo(() => arrangeOptions(options, { locale, sort, preferred }), [options, locale, sort, preferred]);
  const all = useMemo(() => [...arranged.preferred, ...arranged.rest], [arranged]);
  const remote = Boolean(props.onQueryChange);
  const visible = useMemo(() => (query && !remote ? all.filter((o) => matchesQuery(o, query)) : all), [all, query, remote]);
  // The divider follows the preferred options while the whole list shows.
  const dividerAfter = !query && arranged.preferred.length && arranged.rest.length ? arranged.preferred.length - 1 : -1;

  const selected: unknown[] = multiple ? (Array.isArray(value) ? value : []) : value === undefined || value === null || value === '' ? [] : [value];
  const isSelected = (option: SelectOption) => selected.some((v) => v === option.value);
  const selectedOptions = selected.map((v) => all.find((o) => o.value === v) ?? props.chosen?.find((o) => o.value === v) ?? { value: v, label: String(v) });
  const locked = disabled || readOnly;
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const openList = (index?: number) => {
    if (locked) return;
    const current = index ?? Math.max(0, visible.findIndex(isSelected));
    setOpen(true);
    setActive(current);
    scrollIntoView(current);
  };
  const changeQuery = (next: string | null) => {
    setQuery(next);
    props.onQueryChange?.(next);
  };
  const close = () => {
    setOpen(false);
    changeQuery(null);
  };
  const scrollIntoView = (index: number) => {
    // After the list renders; jsdom has no scrollIntoView.
    requestAnimationFrame(() => document.getElementById(optionId(index))?.scrollIntoView?.({ block: 'nearest' }));
  };
  const move = (index: number) => {
    const next = Math.min(Math.max(index, 0), visible.length - 1);
    setActive(next);
    scrollIntoView(next);
  };

  const choose = (option: SelectOption) => {
    if (multiple) {
      onChange(isSelected(option) ? selected.filter((v) => v !== option.value) : [...selected, option.value]);
      changeQuery(null);
    } else {
      onChange(option.value);
      close();
    }
    inputRef.current?.focus();
  };
  const remove = (v: unknown) => onChange(selected.filter((s) => s !== v));
  const clear = () => {
    onChange(multiple ? [] : props.emptyValue);
    changeQuery(null);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (open) move(active + 1);
        else openList();
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) move(active - 1);
        else openList(visible.length - 1);
        break;
      case 'Home':
      case 'End':
        if (!open) return;
        event.preventDefault();
        move(event.key === 'Home' ? 0 : visible.length - 1);
        break;
      case 'Enter':
        // A closed list lets Enter submit the form.
        if (!open) return;
        event.preventDefault();
        if (visible[active]) choose(visible[active]);
        break;
      case 'Escape':
        if (!open) return;
        // Closes the list, not the dialog around it.
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        close();
        break;
      case 'Backspace':
        if (multiple && !query && selected.length) remove(selected[selected.length - 1]);
        break;
      default:
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    close();
    props.onBlur?.();
  };

  const singleLabel = multiple ? '' : (selectedOptions[0]?.label ?? '');
  const inputValue = query ?? singleLabel;
  const showClear = clearable && !locked && selected.length > 0;

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
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-label={props.ariaLabel}
          aria-autocomplete={searchable ? 'list' : 'none'}
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && visible[active] ? optionId(active) : undefined}
          aria-invalid={props.ariaInvalid || undefined}
          aria-describedby={props.ariaDescribedBy}
          aria-required={props.ariaRequired || undefined}
          value={inputValue}
          placeholder={multiple && selected.length ? undefined : (props.placeholder ?? t('form:select.placeholder'))}
          readOnly={!searchable || readOnly}
          disabled={disabled}
          onChange={(event) => {
            changeQuery(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onClick={() => (open ? close() : openList())}
          onFocus={props.onFocus}
          onKeyDown={onKeyDown}
        />
      </div>
      {showClear && (
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
          if (open) close();
          else openList();
          inputRef.current?.focus();
        }}
      >
        <ChevronDownIcon />
      </button>
      {open && visible.length > 0 && (
        <ul id={listId} className="select-popup" role="listbox" aria-multiselectable={multiple || undefined} aria-labelledby={props.labelledBy} aria-label={props.labelledBy ? undefined : props.ariaLabel}>
          {visible.map((option, index) => (
            <li
              key={`${String(option.value)}-${index}`}
              id={optionId(index)}
              role="option"
              aria-selected={isSelected(option)}
              className={['select-option', index === active ? 'is-active' : '', index === dividerAfter ? 'select-option-divider' : ''].filter(Boolean).join(' ')}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== active && setActive(index)}
              onClick={() => choose(option)}
            >
              {multiple && <span className="select-check" aria-hidden="true">{isSelected(option) ? '✓' : ''}</span>}
              {option.label}
            </li>
          ))}
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
