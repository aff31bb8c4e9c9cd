import { buildSync } from 'esbuild';
import { expect, test, type Page } from '@playwright/test';
import { CLIP_FPS, CLIPS, clipPngs, type ClipSpec } from './hands/clips';
import type { HandsHarness, TrackedClip } from './hands/harness';
import { HAND_MODEL_PATH } from '../../src/client/learner/ahoraTu/modelFiles';
import type { Comparison, Track } from '../../src/shared/signPractice/compare';

/**
 * The real hand model (the app's own copy, through handTracker.ts) on clips of real hands
 * (tests/e2e/hands/LICENSE.md): it finds the hands where they are, and the comparison tells the same
 * sign (twice as slow, another person's hands) from other signs. Prints the table kept in
 * docs/learning.md and the costs in docs/performance.md.
 */

// The harness is added to a page of the app as an inline script: the app's CSP allows only its own
// files, so this test's pages skip it (the model itself still comes from the app's origin).
test.use({ bypassCSP: true });

const harnessCode = () =>
  buildSync({ entryPoints: ['tests/e2e/hands/harness.ts'], bundle: true, write: false, format: 'iife', platform: 'browser', logLevel: 'error' }).outputFiles[0]!
    .text;

type H = { manosReales: HandsHarness };
const handShare = (c: TrackedClip) => c.track.filter((f) => f.points).length / c.track.length;
/** Mean x of the wrist over the first / last quarter of a track. */
function wristX(track: Track, part: 'start' | 'end'): number {
  const hands = track.filter((f) => f.points);
  const q = Math.max(1, Math.floor(hands.length / 4));
  const some = part === 'start' ? hands.slice(0, q) : hands.slice(-q);
  return some.reduce((s, f) => s + f.points![0]!.x, 0) / some.length;
}

async function openHarness(page: Page) {
  await page.goto('/errorPage');
  await page.addScriptTag({ content: harnessCode() });
  return page.evaluate(() => (window as unknown as H).manosReales.load());
}

test('the real model finds real hands in the clips, and same-sign scores stand above other-sign scores', async ({ page, context }) => {
  let modelBytes = 0;
  page.on('requestfinished', (req) => {
    if (new URL(req.url()).pathname.startsWith(HAND_MODEL_PATH)) void req.sizes().then((s) => (modelBytes += s.responseBodySize));
  });
  const firstLoad = await openHarness(page);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const busy = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!.value;

  const tracked: Record<string, TrackedClip> = {};
  let busyS = 0;
  let wallS = 0;
  for (const [key, spec] of Object.entries(CLIPS) as [string, ClipSpec][]) {
    const pngs = await clipPngs(spec);
    const [b0, w0] = [await busy(), performance.now()];
    const clip = await page.evaluate(([p, ms]) => (window as unknown as H).manosReales.track(p, ms), [pngs, 1000 / CLIP_FPS] as const);
    busyS += (await busy()) - b0;
    wallS += (performance.now() - w0) / 1000;
    tracked[key] = clip;
    console.log(`${spec.name}: hand in ${Math.round(handShare(clip) * 100)} % of ${pngs.length} pictures, ${clip.msPerFrame.toFixed(0)} ms a picture`);
    // The model finds a real hand in (nearly) every picture, always the same one.
    expect(handShare(clip), `${spec.name}: pictures with a hand`).toBeGreaterThanOrEqual(0.9);
    expect(new Set(clip.track.filter((f) => f.points).map((f) => f.side)).size, `${spec.name}: one hand side`).toBe(1);
  }
  // The landmarks are where the hand is: sign A moves left to right, its reverse right to left, the
  // phone stays (x of the wrist, 0–1 of the picture; the photos move 0.4 of the width).
  expect(wristX(tracked.aNormal!.track, 'end') - wristX(tracked.aNormal!.track, 'start')).toBeGreaterThan(0.2);
  expect(wristX(tracked.aLento!.track, 'end') - wristX(tracked.aLento!.track, 'start')).toBeGreaterThan(0.2);
  expect(wristX(tracked.bAlReves!.track, 'start') - wristX(tracked.bAlReves!.track, 'end')).toBeGreaterThan(0.2);
  expect(Math.abs(wristX(tracked.cTelefono!.track, 'end') - wristX(tracked.cTelefono!.track, 'start'))).toBeLessThan(0.03);

  const compare = (ref: string, att: string) =>
    page.evaluate(([r, a]) => (window as unknown as H).manosReales.compare(r, a), [tracked[ref]!.track, tracked[att]!.track] as const);
  const pairs: [string, string, 'misma' | 'otra'][] = [
    ['aNormal', 'aLento', 'misma'],
    ['aNormal', 'aOtraMano', 'misma'],
    ['aOtraMano', 'aLento', 'misma'],
    ['aNormal', 'bAlReves', 'otra'],
    ['aNormal', 'cTelefono', 'otra'],
    ['aOtraMano', 'bAlReves', 'otra'],
    ['cTelefono', 'aNormal', 'otra'],
  ];
  const rows: { ref: string; att: string; kind: 'misma' | 'otra'; result: Extract<Comparison, { ok: true }>; ms: number }[] = [];
  for (const [ref, att, kind] of pairs) {
    const { result, ms } = await compare(ref, att);
    expect(result.ok, `${ref} / ${att}: scored`).toBe(true);
    if (result.ok) rows.push({ ref, att, kind, result, ms });
  }
  const name = (k: string) => (CLIPS as Record<string, ClipSpec>)[k]!.name;
  console.log('| Reference | Attempt | Same sign? | Stars | Score | Forma | Lugar | Movimiento | Hint |\n|---|---|---|---:|---:|---:|---:|---:|---|');
  for (const { ref, att, kind, result: r } of rows)
    console.log(
      `| ${name(ref)} | ${name(att)} | ${kind === 'misma' ? 'yes' : 'no'} | ${r.stars} | ${r.score.toFixed(2)} | ${r.parts.forma.toFixed(2)} | ${r.parts.lugar.toFixed(2)} | ${r.parts.movimiento.toFixed(2)} | ${r.hint.text} |`,
    );
  const same = rows.filter((r) => r.kind === 'misma');
  const other = rows.filter((r) => r.kind === 'otra');
  // The same sign at another speed or by other hands: 3 stars. Another sign: fewer, and its hint
  // names the handshape (the part that differs).
  for (const r of same) expect(r.result.stars, `${r.ref} / ${r.att}`).toBe(3);
  for (const r of other) {
    expect(r.result.stars, `${r.ref} / ${r.att}`).toBeLessThan(3);
    expect(r.result.hint.part, `${r.ref} / ${r.att}`).toBe('forma');
  }
  const worstSame = Math.min(...same.map((r) => r.result.score));
  const bestOther = Math.max(...other.map((r) => r.result.score));
  expect(worstSame - bestOther, 'gap between the worst same-sign and the best other-sign score').toBeGreaterThan(0.2);

  // The model again in a second page of the same browser: from the HTTP cache.
  const second = await context.newPage();
  const cachedLoad = await openHarness(second);
  const frameMs = Object.values(tracked).reduce((s, c) => s + c.msPerFrame, 0) / Object.keys(tracked).length;
  console.log(
    `model: first load ${firstLoad} ms, cached ${cachedLoad} ms, ${(modelBytes / 1e6).toFixed(1)} MB; ${frameMs.toFixed(0)} ms a picture (${(1000 / frameMs).toFixed(0)} a second), page main thread busy ${Math.round((100 * busyS) / wallS)} % while tracking; comparison ${Math.min(...rows.map((r) => r.ms)).toFixed(1)}–${Math.max(...rows.map((r) => r.ms)).toFixed(1)} ms`,
  );
  expect(modelBytes).toBeGreaterThan(1e6);
});
