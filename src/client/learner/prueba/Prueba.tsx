import Placeholder from '../../pages/Placeholder';

/** Prueba (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Prueba" />;
}
