import Placeholder from '../pages/Placeholder';

/** Cartas (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Cartas" />;
}
