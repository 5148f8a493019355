// The data a generated form edits, and which alternative of each choice of its ui hints it shows (choices.ts). The
// data is replaced when the caller hands in different data (a loaded record, cleared filters).
import type { UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { choicesOf, initialChosen, switchChoice, type Chosen } from './choices.ts';

type Data = Record<string, unknown>;

/** [data, setData, choices, chosen, onChoose]: a tuple, as useState's (the form route's start-up budget). */
export function useEditedData(formData: Data | undefined, uiSchema: UiSchema | undefined) {
  const initialKey = JSON.stringify(formData ?? {});
  const [data, setData] = useState<Data>(() => JSON.parse(initialKey) as Data);
  // Compared by content: an edited ui hints file (npm run dev) must not reset what was typed.
  const choicesKey = JSON.stringify(choicesOf(uiSchema));
  const choices = useMemo(() => JSON.parse(choicesKey) as ReturnType<typeof choicesOf>, [choicesKey]);
  const [chosen, setChosen] = useState<Chosen>(() => initialChosen(choices, data));
  const aside = useRef<Data>({});
  const current = useRef(data);
  current.current = data;
  // The data the state above was made from. A reset on mount would run after the first render and could undo a choice
  // made in between; the state is reset only when different data comes in.
  const madeFrom = useRef(initialKey);
  useEffect(() => {
    if (madeFrom.current === initialKey) return;
    madeFrom.current = initialKey;
    const next = JSON.parse(initialKey) as Data;
    setData(next);
    setChosen(initialChosen(choices, next));
    aside.current = {};
    // A new record resets the form; new choices (below) keep what was typed.
  }, [initialKey]);
  const firstChoices = useRef(true);
  useEffect(() => {
    if (firstChoices.current) {
      firstChoices.current = false;
      return;
    }
    setChosen(initialChosen(choices, current.current));
  }, [choices]);
  const onChoose = useCallback(
    (id: string, index: number) => {
      const choice = choices.find((c) => c.id === id);
      if (!choice) return;
      setData((current) => {
        const moved = switchChoice(choice, index, current, aside.current);
        aside.current = moved.aside;
        return moved.data;
      });
      setChosen((current) => ({ ...current, [id]: index }));
    },
    [choices],
  );
  return [data, setData, choices, chosen, onChoose] as const;
}
