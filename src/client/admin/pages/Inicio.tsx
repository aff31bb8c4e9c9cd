export default function Inicio() {
  return <div>Inicio</div>;
}
