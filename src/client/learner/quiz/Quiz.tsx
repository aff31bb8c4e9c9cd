import Placeholder from '../../pages/Placeholder';

/** Hora del Cuestionario (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Hora del Cuestionario" />;
}
