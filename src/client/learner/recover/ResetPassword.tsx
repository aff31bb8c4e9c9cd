import Placeholder from '../../pages/Placeholder';

/** Nueva contraseña (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Nueva contraseña" />;
}
