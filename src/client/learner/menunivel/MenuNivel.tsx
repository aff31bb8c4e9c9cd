import Placeholder from '../../pages/Placeholder';

/** Menú de nivel (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Menú de nivel" />;
}
