import Placeholder from '../../pages/Placeholder';

/** Iniciar sesión (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Iniciar sesión" />;
}
