import Placeholder from '../../pages/Placeholder';

/** Nivel (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Nivel" />;
}
