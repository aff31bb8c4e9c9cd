/**
 * React mount for one Phaser game (pattern of phaserjs/template-react-ts): the game is created once
 * in useLayoutEffect and destroyed on unmount; the canvas is removed right after destroy(true)
 * so React StrictMode never leaves a stale canvas that eats clicks.
 * The scene gets its data (words, ...) as scene data: scenes never fetch.
 */
import { useLayoutEffect, useRef } from 'react';
import * as Phaser from 'phaser';
import { DESIGN_HEIGHT, DESIGN_WIDTH } from './layout';
import { SCENE_DATA_KEY } from './GameScene';

export interface PhaserGameProps {
  /** The scene class to run (constructed by Phaser). */
  scene: new () => Phaser.Scene;
  /** Passed to the scene's init(data). Read once: remount (change `key`) to start over. */
  data: object;
  /** Accessible name of the canvas. */
  label: string;
}

export function PhaserGame({ scene, data, label }: PhaserGameProps) {
  const parent = useRef<HTMLDivElement | null>(null);
  const first = useRef({ scene, data, label });

  useLayoutEffect(() => {
    const el = parent.current;
    if (!el) return;
    const init = first.current;
    const game = new Phaser.Game({
      type: Phaser.AUTO,
      parent: el,
      width: DESIGN_WIDTH,
      height: DESIGN_HEIGHT,
      backgroundColor: '#f4f1ff',
      banner: false,
      audio: { noAudio: true },
      disableContextMenu: true,
      scale: { mode: Phaser.Scale.FIT, autoCenter: Phaser.Scale.CENTER_BOTH },
      scene: [],
    });
    // Scene data through the registry: a scene added before boot does not get add()'s data.
    game.registry.set(SCENE_DATA_KEY, init.data);
    game.scene.add('main', init.scene, true, init.data);
    const canvas = game.canvas;
    canvas?.setAttribute('aria-label', init.label);
    canvas?.setAttribute('role', 'img');
    return () => {
      game.destroy(true);
      canvas?.remove();
    };
  }, []);

  return <div ref={parent} data-testid="game-canvas" style={{ position: 'absolute', inset: 0 }} />;
}
