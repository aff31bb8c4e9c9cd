import { memo, useEffect, useLayoutEffect, useReducer, useRef, type ReactNode } from 'react';
import { AutocompleteInput, ChoicesContextProvider, useChoicesContext, type AutocompleteInputProps } from 'react-admin';

/** Where a press holds a picker's list: inside an open autocomplete's list of options. */
const inAList = (target: EventTarget | null) => target instanceof Element && target.closest('[role="listbox"]') !== null;
/** A press whose click never comes (released beside the list, a touch turned into a scroll) lets go after this. */
const LET_GO_MS = 500;

/**
 * Whether a press that began in an autocomplete's list is under way, until that press's click is
 * over. Draw the picker inside `<Still held>`, so that nothing redraws it under the press.
 *
 * Why: a searchable picker shows the options it has while the server searches the typed text, then
 * redraws the list with the answer, so an option moves (from the fifth row to the first, say). When
 * the answer lands between the press and the release, the release falls beside the option that was
 * pressed, the browser sends no click to it and the pick is lost, with the list left open (seen in
 * CI: a profesor's "Evaluación" pick dropped). Any redraw under the press loses it too, even with the
 * same options: MUI's Autocomplete scrolls its list back to the top on its first redraw after the
 * list changed (useAutocomplete's syncHighlightedIndex, "reset" when nothing is picked yet), so an
 * option the user had scrolled down to jumps away (seen in CI and here under load: a new level
 * pressed near the bottom of the "Nivel" list, the release on another level). So the press itself
 * changes no state: it is noted in a ref, read when something else redraws the picker, and the
 * picker is redrawn once when the press ends.
 * MUI's Autocomplete and react-admin have no option for either (they redraw whenever the options
 * change), and it is a few lines, so it is written here.
 */
export function usePressInList(): boolean {
  const press = useRef(false);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    let timer: number | undefined;
    const letGo = () => {
      if (!press.current) return;
      press.current = false;
      redraw();
    };
    const letGoIn = (ms: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(letGo, ms);
    };
    const down = (e: PointerEvent) => {
      if (!inAList(e.target)) return;
      window.clearTimeout(timer);
      press.current = true;
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
  // Read in the render on purpose: a state set by the press would itself redraw the list (above).
  return press.current;
}

/** Its children as last drawn while `held` (a press in a picker's list, usePressInList); redrawn when it ends. */
export const Still = memo(
  function Still({ children }: { held: boolean; children: ReactNode }) {
    return <>{children}</>;
  },
  (_before, now) => now.held,
);

/**
 * react-admin's AutocompleteInput for a ReferenceInput, held still under a press: the
 * ReferenceInput's choices as drawn when the press began, and no redraw until it ends.
 */
export function HeldAutocompleteInput(props: AutocompleteInputProps) {
  const held = usePressInList();
  // The choices as last drawn outside a press: a context's new value reaches its readers through
  // Still, so the provider itself must not change under the press.
  const live = useChoicesContext();
  const drawn = useRef(live);
  useLayoutEffect(() => {
    if (!held) drawn.current = live;
  });
  const choices = held ? drawn.current : live;
  // One more redraw right after the list changes, before anyone can scroll it: MUI scrolls the list
  // to the top on its first redraw after a change (above), which otherwise came whenever something
  // next redrew the input (react-admin's own timer one second after typing), under a list the
  // teacher had just scrolled down.
  const [, settle] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(() => {
    if (!held) settle();
  }, [choices.allChoices, held]);
  return (
    <ChoicesContextProvider value={choices}>
      <Still held={held}>
        <AutocompleteInput {...props} />
      </Still>
    </ChoicesContextProvider>
  );
}
