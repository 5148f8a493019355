// A combobox's state and what the user does with it, headless: the list open or closed, the typed text, the active
// option (scrolled into view), choosing, removing and clearing values, and the keys: arrows to move, Home and End,
// Enter to choose, Escape to close (the list, not a dialog around it), Backspace to remove the last chosen value.
import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { ComboboxProps } from './Combobox.tsx';
import type { SelectOption } from './options.ts';
import { useComboboxOptions } from './useComboboxOptions.ts';

/**
 * [open, visible, selectedOptions, locked, inputProps, optionProps, toggle, close, remove, clear]: a tuple, as
 * useState's, and prop getters for the input and each option, since the names of an object's keys would weigh in the
 * form routes' start-up budget.
 */
export function useCombobox(props: ComboboxProps) {
  const { id, onChange, multiple = false, disabled = false, readOnly = false } = props;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [visible, dividerAfter, selected, isSelected, selectedOptions] = useComboboxOptions(props, query);
  const locked = disabled || readOnly;
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
  const toggle = () => (open ? close() : openList());
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
    const last = visible.length - 1;
    // Arrows open a closed list; Home, End, Enter and Escape act on an open one only (a closed list lets Enter submit
    // the form); Escape closes the list, not the dialog around it.
    const { key } = event;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      if (open) move(active + (key === 'ArrowDown' ? 1 : -1));
      else openList(key === 'ArrowDown' ? undefined : last);
    } else if (open && (key === 'Home' || key === 'End')) {
      event.preventDefault();
      move(key === 'Home' ? 0 : last);
    } else if (open && key === 'Enter') {
      event.preventDefault();
      if (visible[active]) choose(visible[active]);
    } else if (open && key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (key === 'Tab') close();
    else if (key === 'Backspace' && multiple && !query && selected.length) remove(selected[selected.length - 1]);
  };

  const inputProps = {
    ref: inputRef,
    'aria-expanded': open,
    'aria-activedescendant': open && visible[active] ? optionId(active) : undefined,
    value: query ?? (multiple ? '' : (selectedOptions[0]?.label ?? '')),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      changeQuery(event.target.value);
      setOpen(true);
      setActive(0);
    },
    onClick: toggle,
    onKeyDown,
  };
  const optionProps = (option: SelectOption, index: number) => ({
    id: optionId(index),
    role: 'option',
    'aria-selected': isSelected(option),
    className: ['select-option', index === active ? 'is-active' : '', index === dividerAfter ? 'select-option-divider' : ''].filter(Boolean).join(' '),
    onMouseDown: (event: { preventDefault(): void }) => event.preventDefault(),
    onMouseMove: () => index !== active && setActive(index),
    onClick: () => choose(option),
  });
  return [open, visible, selectedOptions, locked, inputProps, optionProps, toggle, close, remove, clear] as const;
}
