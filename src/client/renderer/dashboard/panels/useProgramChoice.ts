// The programs ticked in Selected Programs' choice, and what its buttons do: "Show" writes the ticked ones to the
// address (none ticked is a problem to show, not a choice), "All programs" goes back to the most active ones.
import { useState, type FormEvent } from 'react';
import type { SetURLSearchParams } from 'react-router-dom';
import { withChosenPrograms } from '../periodAddress.ts';

export function useProgramChoice(chosen: number[], setParams: SetURLSearchParams) {
  const [checked, setChecked] = useState<number[]>(chosen);
  const [problem, setProblem] = useState(false);
  return {
    checked,
    problem,
    toggle: (id: number, on: boolean) => setChecked((list) => (on ? [...list, id] : list.filter((other) => other !== id))),
    apply: (event: FormEvent) => {
      event.preventDefault();
      if (checked.length === 0) return setProblem(true);
      setProblem(false);
      void setParams((current) => withChosenPrograms(current, checked));
    },
    showMostActive: () => {
      setChecked([]);
      setProblem(false);
      void setParams((current) => withChosenPrograms(current, []));
    },
  };
}
