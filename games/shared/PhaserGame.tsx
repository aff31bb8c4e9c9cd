/**
 * React mount for one Phaser game (pattern of phaserjs/template-react-ts): the game is created once
 * in useLayoutEffect and destroyed on unmount; the canvas is removed right after destroy(true)
 * so React StrictMode never leaves a stale canvas that eats clicks.
 * The scene gets its data (words, ...) as scene data: scenes never fetch.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import * as Phaser from 'phaser';
import { LANDSCAPE, type DesignSize } from './layout';
import { SCENE_DATA_KEY } from './GameScene';
import { fpsLimit, preferredRenderer } from './testMode';

interface PhaserGameProps {
  /** The scene class to run (constructed by Phaser). */
  scene: new () => Phaser.Scene;
  /** Passed to the scene's init(data). Read once: remount (change `key`) to start over. */
  data: object;
  /** Accessible name of the canvas. */
  label: string;
  /**
   * Design size for the stage's shape (layout.ts chooseDesign). When it changes (a tablet turned),
   * the game takes the new size and the running scene lays itself out again from its state.
   */
  design?: DesignSize;
  /**
   * Accessible name of the game area, the one tab stop of the game (games.md G-2.6): the game and its
   * keys in Spanish. The area takes the focus so the keys can reach the scene.
   */
  areaLabel?: string;
  /** Gets the focusable game area (the page focuses it on a tap and after a pause). */
  areaRef?: RefObject<HTMLDivElement | null>;
}

export function PhaserGame({ scene, data, label, areaLabel, areaRef, design = LANDSCAPE }: PhaserGameProps) {
  const parent = useRef<HTMLDivElement | null>(null);
  const first = useRef({ scene, data, label });

  const { width, height } = design;
  /** The running scene's state, handed from a game of one design size to the next. */
  const carry = useRef<unknown>(null);

  // One Phaser game per design size: when the size changes (a tablet turned) the game is made
  // anew and its scene carries on from the old one's rules state. (Resizing a running Phaser game
  // in place left its camera drawing at the old size.)
  useLayoutEffect(() => {
    const el = parent.current;
    if (!el) return;
    const init = first.current;
    const data = carry.current ? { ...init.data, carry: carry.current } : init.data;
    carry.current = null;
    const game = new Phaser.Game({
      type: preferredRenderer() === 'canvas' ? Phaser.CANVAS : Phaser.AUTO,
      parent: el,
      width,
      height,
      backgroundColor: '#f4f1ff',
      banner: false,
      audio: { noAudio: true },
      disableContextMenu: true,
      // 0 (the device's rate) except on a test build's page that asks for fewer (testMode.ts).
      fps: { limit: fpsLimit() },
      scale: { mode: Phaser.Scale.FIT, autoCenter: Phaser.Scale.CENTER_BOTH },
      scene: [],
    });
    // Scene data through the registry: a scene added before boot does not get add()'s data.
    game.registry.set(SCENE_DATA_KEY, data);
    game.scene.add('main', init.scene, true, data);
    const canvas = game.canvas;
    canvas?.setAttribute('aria-label', init.label);
    canvas?.setAttribute('role', 'img');
    // Phaser turns a tap's page position into the game's with the canvas position it last measured,
    // and measures again only every 500 ms of *game* time: on a slow frame rate (a loaded tablet,
    // software WebGL) that is many seconds. Anything that moves the game without resizing it in
    // between (the "Sin conexión" banner arriving over the page, a bar above growing) sent the
    // child's taps to where the game had been: "¡A jugar!" tapped where it is drawn did nothing
    // (seen in CI). Measured again as each tap starts, before Phaser reads it (capture phase on the
    // canvas's parent runs before the canvas's own listeners): one getBoundingClientRect per tap.
    const measure = () => {
      if (game.scale?.canvas) game.scale.updateBounds();
    };
    // pointerdown comes before the mousedown and touchstart Phaser reads, for a mouse, a pen or a finger.
    el.addEventListener('pointerdown', measure, { capture: true, passive: true });
    return () => {
      el.removeEventListener('pointerdown', measure, { capture: true });
      const running = game.scene.getScenes(true)[0] as (Phaser.Scene & { carryOver?: () => unknown }) | undefined;
      carry.current = typeof running?.carryOver === 'function' ? running.carryOver() : null;
      game.destroy(true);
      canvas?.remove();
    };
  }, [width, height]);

  return (
    <div
      ref={(el) => {
        parent.current = el;
        if (areaRef) areaRef.current = el;
      }}
      data-testid="game-canvas"
      tabIndex={0}
      role="application"
      aria-label={areaLabel ?? label}
      className="manitas-game-area"
      style={{ position: 'absolute', inset: 0 }}
    />
  );
}
