import Placeholder from '../pages/Placeholder';

/** Adivina la palabra (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Adivina la palabra" />;
}
