/**
 * The one channel between the Phaser scenes and React (as in Phaser's React template).
 * Scenes emit; pages listen and remove ONLY their own handler (`EventBus.off(name, handler)`).
 */
import * as Phaser from 'phaser';

export const EventBus = new Phaser.Events.EventEmitter();

/** Event names (payloads in the comments). */
export const GAME_EVENTS = {
  /** The scene is running: (scene) */
  ready: 'current-scene-ready',
  /** The scene's test snapshot after every change: (snapshot object) */
  state: 'game-state',
  /** Rule events of one transition: (events array) */
  events: 'game-events',
  /** A feedback line for the caption bar: ({ text, kind }) */
  caption: 'game-caption',
  /** Where the animated sign GIF goes over the canvas: (SignOverlay | null) */
  sign: 'game-sign',
  /** The child restarted the game (a new run begins): () */
  restart: 'game-restart',
  /** The child pressed "Volver al menú" inside the canvas: () */
  exit: 'game-exit',
  /** The scene paused or resumed (Escape, the pause panel): (paused: boolean) */
  paused: 'game-paused',
  /** The page asks the scene to pause (true) or resume (false): (pause: boolean) */
  pauseRequest: 'game-pause-request',
  /**
   * Tab / Shift+Tab on the game area (the page's keydown, so the browser's focus move can be
   * stopped in time): (request: TabRequest); the scene sets `taken` when a canvas button got it.
   */
  tab: 'game-tab',
  /** The canvas button that has the keyboard focus, for screen readers: (label: string | null) */
  focus: 'game-focus',
  /** Signs of the coming rounds, for the page to load before they are shown: (SignSource[]) */
  preload: 'game-preload',
} as const;

export interface TabRequest {
  back: boolean;
  taken: boolean;
}

export interface SignSource {
  url: string;
  compact: string | null;
}

export type CaptionKind = 'success' | 'error' | 'info';

export interface Caption {
  text: string;
  kind: CaptionKind;
}

/** The sign GIF and its box in design coordinates (1280 × 800). */
export interface SignOverlay {
  url: string;
  /** The GIF's compact animated-WebP rendition, when there is one. */
  compact?: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
  /** A fixed speed (Cartas' clue: the sign again, slowed); absent: the child's own speed. */
  speed?: number | null;
}
