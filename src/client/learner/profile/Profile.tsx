import Placeholder from '../../pages/Placeholder';

/** Mi perfil (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Mi perfil" />;
}
