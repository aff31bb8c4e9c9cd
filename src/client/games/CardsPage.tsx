import { GamePage } from './GamePage';
import { CardsScene } from '../../../games/cards/CardsScene';
import { levelIds } from '../../shared/rules/games/cards';
import { GAMES } from '../../../games/shared/catalog';

const game = GAMES.find((g) => g.id === 'cards')!;

/** Cartas (/ruleta-palabras): find the card hiding the clue, then the word. */
export default function CardsPage() {
  return <GamePage game={game} scene={CardsScene} playable={(w) => levelIds(w).length > 0} hint="Lee las instrucciones y pulsa «¡A jugar!»." />;
}
