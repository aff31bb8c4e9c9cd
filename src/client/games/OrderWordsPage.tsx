import Placeholder from '../pages/Placeholder';

/** Ordenar palabras (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Ordenar palabras" />;
}
