/**
 * The three games as the menu lists them (no Phaser here: the menu must not pull the game chunk).
 * Titles, descriptions and paths are those of docs/product/games.md (table at the top).
 */
import type { GameId } from './points';

export interface GameInfo {
  id: GameId;
  title: string;
  path: '/ahorcado' | '/memorama' | '/ruleta-palabras';
  description: string;
}

export const GAMES: readonly GameInfo[] = Object.freeze([
  { id: 'hangman', title: 'Adivina la palabra', path: '/ahorcado', description: 'Mira la seña y descubre la palabra letra por letra.' },
  { id: 'orderWords', title: 'Ordenar palabras', path: '/memorama', description: 'Ordena las letras revueltas para formar la palabra de la seña.' },
  { id: 'cards', title: 'Cartas', path: '/ruleta-palabras', description: 'Encuentra la carta con la pista y elige la palabra correcta.' },
]);

/** A level id from the route / query: a positive whole number, else null (all levels). */
export function parseNivelId(raw: string | null | undefined): number | null {
  if (raw == null || !/^\d{1,9}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n > 0 ? n : null;
}

/** Link from the menu to a game (the level travels as ?nivel=). */
export function gameHref(game: GameInfo, nivelId: number | null): string {
  return nivelId === null ? game.path : `${game.path}?nivel=${nivelId}`;
}

/** Back link from a game to the menu. */
export function menuHref(nivelId: number | null): string {
  return nivelId === null ? '/juegos' : `/juegos/${nivelId}`;
}
