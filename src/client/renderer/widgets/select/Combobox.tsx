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

interface ListboxProps {
  id: string;
  box: ReturnType<typeof useCombobox>;
  multiple: boolean;
  labelledBy?: string;
  ariaLabel?: string;
}

/** The open list of the options shown: the active one marked, the chosen ones ticked when several can be. */
function Listbox({ id, box, multiple, labelledBy, ariaLabel }: ListboxProps) {
  const { visible, active, setActive, dividerAfter, isSelected, optionId, choose } = box;
  return (
    <ul id={id} className="select-popup" role="listbox" aria-multiselectable={multiple || undefined} aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : ariaLabel}>
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
  );
}

export function Combobox(props: ComboboxProps) {
  const { id, multiple = false, clearable = true, searchable = true, disabled = false, readOnly = false } = props;
  const { t } = useTranslation();
  const box = useCombobox(props);
  const { inputRef, open, query, active, setActive, visible, selected, selectedOptions, locked, optionId } = box;
  const { setOpen, openList, changeQuery, close, remove, clear, onKeyDown } = box;
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    close();
    props.onBlur?.();
  };
  const listId = `${id}-listbox`;
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
        <Listbox id={listId} box={box} multiple={multiple} labelledBy={props.labelledBy} ariaLabel={props.ariaLabel} />
      )}
      {open && visible.length === 0 && (
        <div id={listId} className="select-popup select-empty" role="status">
          {t('form:select.noOptions')}
        </div>
      )}
    </div>
  );
}
