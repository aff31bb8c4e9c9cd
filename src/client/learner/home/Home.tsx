import Placeholder from '../../pages/Placeholder';

/** Inicio (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Inicio" />;
}
