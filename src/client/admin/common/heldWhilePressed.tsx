import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AutocompleteInput, ChoicesContextProvider, useChoicesContext, type AutocompleteInputProps } from 'react-admin';

/** Where a press holds a picker's list: inside an open autocomplete's list of options. */
const inAList = (target: EventTarget | null) => target instanceof Element && target.closest('[role="listbox"]') !== null;
/** A press whose click never comes (released beside the list, a touch turned into a scroll) lets go after this. */
const LET_GO_MS = 500;

/**
 * `value` as it was on screen when a press began in an autocomplete's list, until that press's click
 * is over; `value` itself otherwise.
 *
 * Why: a searchable picker shows the options it has while the server searches the typed text, then
 * redraws the list with the answer, so an option moves (from the fifth row to the first, say). When
 * the answer lands between the press and the release, the release falls beside the option that was
 * pressed, the browser sends no click to it and the pick is lost, with the list left open (seen in
 * CI: a profesor's "Evaluación" pick dropped). Holding the list still under a press keeps the pick,
 * and the answer is drawn right after. MUI's Autocomplete and react-admin have no option for this
 * (they redraw whenever the options change), and it is a few lines, so it is written here.
 */
export function useHeldWhilePressed<T>(value: T): T {
  const shown = useRef(value);
  useLayoutEffect(() => {
    shown.current = value;
  });
  const [held, setHeld] = useState<{ value: T } | null>(null);
  useEffect(() => {
    let timer: number | undefined;
    const letGoIn = (ms: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setHeld(null), ms);
    };
    const down = (e: PointerEvent) => {
      if (!inAList(e.target)) return;
      window.clearTimeout(timer);
      setHeld({ value: shown.current });
    };
    // The option's own click handler runs first (this one only lets go in a later task).
    const clicked = () => letGoIn(0);
    const up = () => letGoIn(LET_GO_MS);
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('click', clicked, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', clicked, true);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('click', clicked, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', clicked, true);
    };
  }, []);
  return held ? held.value : value;
}

/**
 * react-admin's AutocompleteInput for a ReferenceInput, its choices held still under a press: it
 * reads the ReferenceInput's choices and gives its AutocompleteInput the held ones.
 */
export function HeldAutocompleteInput(props: AutocompleteInputProps) {
  const choices = useHeldWhilePressed(useChoicesContext());
  return (
    <ChoicesContextProvider value={choices}>
      <AutocompleteInput {...props} />
    </ChoicesContextProvider>
  );
}
