/**
 * The games' sound cues with the app's "Sin sonido" gate connected. games/ may not import
 * src/client (the dependency direction in docs/decisions.md), so the gate is handed to
 * games/shared/sound.ts here, once, by every client module that plays or preloads a cue.
 */
import { connectSoundGate } from '../../../games/shared/sound';
import { onSoundBlocked, soundAllowed } from '../prefs/soundGate';

connectSoundGate({ allowed: soundAllowed, onBlocked: onSoundBlocked });

export { gatedCueVolume, playCue, playedCues, preloadCues } from '../../../games/shared/sound';
