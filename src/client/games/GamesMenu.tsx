import Placeholder from '../pages/Placeholder';

/** Juegos (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Juegos" />;
}
