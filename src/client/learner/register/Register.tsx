import Placeholder from '../../pages/Placeholder';

/** Regístrate (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Regístrate" />;
}
