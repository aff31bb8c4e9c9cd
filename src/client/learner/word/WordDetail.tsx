import Placeholder from '../../pages/Placeholder';

/** Palabra (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Palabra" />;
}
