import Placeholder from '../../pages/Placeholder';

/** Recuperar contraseña (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Recuperar contraseña" />;
}
