import { GamePage } from './GamePage';
import { OrderWordsScene } from '../../../games/order-words/OrderWordsScene';
import { playableWords } from '../../shared/rules/games/orderWords';
import { GAMES } from '../../../games/shared/catalog';

const game = GAMES.find((g) => g.id === 'orderWords')!;

/** Ordenar palabras (/memorama): put the scrambled letters of the sign's word in order. */
export default function OrderWordsPage() {
  return <GamePage game={game} scene={OrderWordsScene} playable={(w) => playableWords(w).length > 0} hint="Lee las instrucciones y pulsa «¡A jugar!»." />;
}
