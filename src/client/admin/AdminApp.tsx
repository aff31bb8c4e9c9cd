import Placeholder from '../pages/Placeholder';

/** Panel de administración (built by a later issue). */
export default function Screen() {
  return <Placeholder title="Panel de administración" />;
}
