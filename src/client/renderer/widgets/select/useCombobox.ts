// A combobox's state and what the user does with it, headless: the list open or closed, the typed text, the active
// option (scrolled into view), choosing, removing and clearing values, and the keys: arrows to move, Home and End,
// Enter to choose, Escape to close (the list, not a dialog around it), Backspace to remove the last chosen value.
import { useRef, useState, type KeyboardEvent } from 'react';
import type { ComboboxProps } from './Combobox.tsx';
import type { SelectOption } from './options.ts';
import { useComboboxOptions } from './useComboboxOptions.ts';

export function useCombobox(props: ComboboxProps) {
  const { id, onChange, multiple = false, disabled = false, readOnly = false } = props;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const list = useComboboxOptions(props, query);
  const { visible, selected, isSelected } = list;
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

  return { ...list, inputRef, open, setOpen, query, active, setActive, locked, optionId, openList, changeQuery, close, choose, remove, clear, onKeyDown };
}
