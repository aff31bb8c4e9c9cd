import { GamePage } from './GamePage';
import { HangmanScene } from '../../../games/hangman/HangmanScene';
import { playableWords } from '../../shared/rules/games/hangman';
import { GAMES } from '../../../games/shared/catalog';

const game = GAMES.find((g) => g.id === 'hangman')!;

/** Adivina la palabra (/ahorcado): hangman on the level's words (?nivel=) or every level's. */
export default function HangmanPage() {
  return <GamePage game={game} scene={HangmanScene} playable={(w) => playableWords(w).length > 0} hint="Lee las instrucciones y pulsa «¡A jugar!»." />;
}
