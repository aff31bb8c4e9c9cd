// First-visit CPU profile of a learner route at Lighthouse's 4× slower CPU: the page's long tasks
// (PerformanceObserver 'longtask') and, for each, the functions that ran in it (inclusive time,
// from a sampled V8 profile lined up with the page's clock by a marked busy loop), then the
// functions with the most self time over all runs. Lighthouse says how much is blocked; this says
// by what (docs/performance.md "/home's blocking time").
//   tsx scripts/bench/profile.ts [/home] [--runs 3]
// Function names are readable in an unminified build, served with BENCH_DIST:
//   npx vite build --outDir .tmp/bench-nomin --emptyOutDir --minify false
//   BENCH_DIST=.tmp/bench-nomin npx tsx scripts/bench/profile.ts /supmenu/1
// (that build's service-worker step then refuses the 7 MB unminified game chunk, after the files
// are written; the profile needs only the files.) The first run is the cold one Lighthouse sees:
// later runs reuse the browser's compiled code.
import { chromium } from '@playwright/test';
import { CHROME_ARGS, CHROMIUM, PORTS, login, startServer } from './lib';
import { storeSession } from './web';

const args = process.argv.slice(2);
const route = args.find((a) => a.startsWith('/')) ?? '/home';
const runs = Number(args[args.indexOf('--runs') + 1] ?? 3) || 3;

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
const nameOf = (n: Node) => `${n.callFrame.functionName || '(anónima)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
const IDLE = new Set(['(idle)', '(program)', '(root)']);

const server = await startServer({ port: PORTS.lighthouse + 5 });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS });
const selfTotals = new Map<string, number>();
try {
  const s = await login(server.base, 'nino@manitas.test');
  for (let run = 0; run < runs; run++) {
    const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await ctx.addInitScript(`${storeSession(s)}
      window.__longTasks = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); })
        .observe({ type: 'longtask', buffered: true });`);
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(server.base + route, { waitUntil: 'load' });
    await page.waitForTimeout(4000);
    // A busy loop with a name: where its samples are in the profile is where it ran on the page's clock.
    const markAt = (await page.evaluate('(function __MARCA__() { const t = performance.now(); while (performance.now() - t < 40) {} return t; })()')) as number;
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const longTasks = (await page.evaluate('window.__longTasks')) as [number, number][];
    await ctx.close();

    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    let t = profile.startTime;
    const at = profile.timeDeltas.map((d) => (t += d) / 1000);
    const mark = profile.samples.findIndex((id) => byId.get(id)!.callFrame.functionName === '__MARCA__');
    const offset = at[mark]! - markAt;
    const blocked = longTasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
    console.log(`\n== ${route}, vuelta ${run + 1}: ${longTasks.length} tareas largas, ${blocked} ms por encima de 50 ms (CPU 4× más lenta)`);
    profile.samples.forEach((id, i) => {
      const k = nameOf(byId.get(id)!);
      selfTotals.set(k, (selfTotals.get(k) ?? 0) + profile.timeDeltas[i]! / 1000 / runs);
    });
    for (const [start, dur] of longTasks) {
      const inclusive = new Map<string, number>();
      profile.samples.forEach((id, i) => {
        const when = at[i]! - offset;
        if (when < start || when > start + dur) return;
        const seen = new Set<string>();
        for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
          const k = nameOf(byId.get(n)!);
          if (seen.has(k)) continue;
          seen.add(k);
          inclusive.set(k, (inclusive.get(k) ?? 0) + profile.timeDeltas[i]! / 1000);
        }
      });
      console.log(`-- tarea a los ${start} ms (${dur} ms)`);
      for (const [k, ms] of [...inclusive]
        .filter(([k]) => !IDLE.has(k.split(' ')[0]!))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 24))
        console.log(`${ms.toFixed(1).padStart(8)}  ${k}`);
    }
  }
  console.log(`\n== tiempo propio por función (media de ${runs} vueltas, ms)`);
  for (const [k, ms] of [...selfTotals]
    .filter(([k]) => !IDLE.has(k.split(' ')[0]!))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30))
    console.log(`${ms.toFixed(1).padStart(8)}  ${k}`);
} finally {
  await browser.close();
  await server.stop();
}
