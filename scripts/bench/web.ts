// Web benchmark: per route, the gzipped JS and CSS a first visit downloads (measured in Debian's
// Chromium with an empty cache), and Lighthouse (the npm package) performance and accessibility
// scores for the learner routes.
//   tsx scripts/bench/web.ts [--no-build] [--no-lighthouse] [--runs 1] [--only /home] [--detail]
// --detail prints each route's files and, per Lighthouse run, the LCP element and phases, layout
// shifts, main-thread time per script, long tasks and the request timeline (observed, unthrottled).
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { gzipSync } from 'node:zlib';
import { BENCH_DIST, CHROME_ARGS, CHROMIUM, PORTS, buildClient, getJson, kb, login, machine, saveResult, startServer, table } from './lib';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Budgets of the issue: /logIn ≤ 150 KB gzipped JS, without react-admin, Phaser or firebase. */
export const LOGIN_JS_BUDGET = 150 * 1024;
const HEAVY = [
  { name: 'react-admin', re: /\bra-core\b|react-admin|useDataProvider|ListContextProvider/ },
  { name: 'Phaser', re: /Phaser\.|PHASER|phaser/ },
  { name: 'firebase', re: /firebase|FirebaseError|identitytoolkit/ },
];

type Who = 'anon' | 'nino' | 'admin';
interface RouteSpec {
  path: string;
  who: Who;
}
export interface SizeRow {
  route: string;
  jsFiles: number;
  jsGzip: number;
  cssGzip: number;
  jsRaw: number;
  heavy: string[];
  files: { name: string; gzip: number }[];
}
export interface LhRow {
  route: string;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function sessionFor(base: string, who: Who) {
  if (who === 'anon') return null;
  return login(base, who === 'admin' ? 'admin@manitas.test' : 'nino@manitas.test');
}

/** The learner app's stored session, as an init script (shared with profile.ts). */
export const storeSession = (s: { token: string; usuario: { id: number; rol?: string | null } }) => `
  localStorage.setItem('token', ${JSON.stringify(s.token)});
  localStorage.setItem('user', ${JSON.stringify(JSON.stringify(s.usuario))});
  localStorage.setItem('userRole', ${JSON.stringify(String(s.usuario.rol ?? 'usuario'))});
  localStorage.setItem('userId', ${JSON.stringify(String(s.usuario.id))});`;

async function routes(base: string): Promise<RouteSpec[]> {
  const nino = await login(base, 'nino@manitas.test');
  const lv = (await getJson<{ data: { id_nivel: number }[] }>(base, 'nivel/getNivels', nino.token)).data[0]!.id_nivel;
  const w = (await getJson<{ id_palabra: number }[]>(base, `palabra/nivel/${lv}`, nino.token))[0]!.id_palabra;
  return [
    { path: '/logIn', who: 'anon' },
    { path: '/home', who: 'nino' },
    { path: `/supmenu/${lv}`, who: 'nino' },
    { path: `/menuletra/${lv}/${w}`, who: 'nino' },
    { path: '/admin/inicio', who: 'admin' },
    { path: '/ahorcado', who: 'nino' },
  ];
}

export async function measureSizes(base: string, list: RouteSpec[]): Promise<SizeRow[]> {
  const detail = process.argv.includes('--detail');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS });
  const out: SizeRow[] = [];
  try {
    for (const r of list) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-ES' });
      const s = await sessionFor(base, r.who);
      if (s) await ctx.addInitScript(storeSession(s as never));
      const page = await ctx.newPage();
      await page.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/)/, (route) => route.abort());
      const seen = new Map<string, { type: string; body: Buffer }>();
      const pending: Promise<void>[] = [];
      page.on('response', (res) => {
        const type = res.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        pending.push(
          res.body().then(
            (b) => {
              seen.set(res.url(), { type, body: b });
            },
            () => undefined,
          ),
        );
      });
      await page.goto(base + r.path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      await Promise.all(pending);
      let js = 0,
        css = 0,
        raw = 0,
        files = 0;
      const heavy = new Set<string>();
      const fileList: { name: string; gzip: number }[] = [];
      for (const [url, { type, body }] of seen) {
        const gz = gzipSync(body, { level: 9 }).length;
        fileList.push({ name: new URL(url).pathname, gzip: gz });
        if (type === 'script') {
          js += gz;
          raw += body.length;
          files++;
          const text = body.toString('utf8');
          for (const h of HEAVY) if (h.re.test(text)) heavy.add(h.name);
        } else css += gz;
      }
      out.push({ route: r.path, jsFiles: files, jsGzip: js, cssGzip: css, jsRaw: raw, heavy: [...heavy], files: fileList.sort((a, b) => b.gzip - a.gzip) });
      console.log(`${r.path}: JS ${kb(js)} KB gz (${files} archivos), CSS ${kb(css)} KB gz${heavy.size ? `, contiene ${[...heavy].join(', ')}` : ''}`);
      if (detail) for (const f of fileList) console.log(`    ${kb(f.gzip).padStart(7)} ${f.name}`);
      await ctx.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

interface LhAudit {
  numericValue?: number;
  displayValue?: string;
  details?: { items?: Record<string, unknown>[] };
}
/** --detail: what Lighthouse saw as the LCP element, the shifts, and where the main thread went. */
function printLhDetail(route: string, lhr: { audits: Record<string, LhAudit> }) {
  const items = (id: string) => lhr.audits[id]?.details?.items ?? [];
  const node = (x: unknown) => {
    const n = x as { node?: { selector?: string; snippet?: string } } | undefined;
    return n?.node ? `${n.node.selector ?? ''} ${String(n.node.snippet ?? '').slice(0, 100)}` : '';
  };
  const lcp = items('largest-contentful-paint-element');
  const first = lcp[0] as { items?: unknown[] } | undefined;
  if (first?.items) console.log(`  ${route} LCP element: ${node(first.items[0])}`);
  const phases = (lcp[1] as { items?: { phase: string; timing: number }[] } | undefined)?.items;
  if (phases) console.log(`  ${route} LCP phases: ${phases.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ')}`);
  for (const s of items('layout-shifts').slice(0, 5)) console.log(`  ${route} shift ${Number(s.score).toFixed(3)}: ${node(s)}`);
  for (const b of items('bootup-time').slice(0, 6))
    console.log(
      `  ${route} bootup ${String(b.url).replace(/^https?:\/\/[^/]+/, '')}: total ${Math.round(Number(b.total))} ms, script ${Math.round(Number(b.scripting))} ms`,
    );
  for (const t of items('long-tasks').slice(0, 8))
    console.log(
      `  ${route} long task ${Math.round(Number(t.duration))} ms at ${Math.round(Number(t.startTime))} (${String(t.url).replace(/^https?:\/\/[^/]+/, '')})`,
    );
  const chains = lhr.audits['network-requests']?.details?.items ?? [];
  for (const q of chains) {
    const url = String(q.url).replace(/^https?:\/\/[^/]+/, '');
    if (/\/(api|assets|uploads|demo)\//.test(url) || url === '/home')
      console.log(`  ${route} req ${Math.round(Number(q.networkRequestTime))}–${Math.round(Number(q.networkEndTime))} ms ${q.priority ?? ''} ${url}`);
  }
}

/** Lighthouse with its default (mobile, simulated Slow 4G + 4× CPU) settings, median of `runs`. */
export async function runLighthouse(base: string, list: RouteSpec[], runs: number): Promise<LhRow[]> {
  const out: LhRow[] = [];
  for (const r of list) {
    const results: LhRow[] = [];
    for (let i = 0; i < runs; i++) {
      const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_ARGS });
      try {
        const page = await browser.newPage();
        const s = await sessionFor(base, r.who);
        // A signed-in visit: the session is stored first, as the app stores it after login.
        await page.goto(`${base}/errorPage`);
        if (s) await page.evaluate(storeSession(s as never));
        const res = await lighthouse(
          base + r.path,
          {
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: true,
            logLevel: 'error',
            output: 'json',
          },
          undefined,
          page as never,
        );
        const lhr = res?.lhr;
        if (!lhr) throw new Error(`Lighthouse no devolvió resultados para ${r.path}`);
        const num = (id: string) => Math.round(Number(lhr.audits[id]?.numericValue ?? NaN));
        results.push({
          route: r.path,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          fcp: num('first-contentful-paint'),
          lcp: num('largest-contentful-paint'),
          tbt: num('total-blocking-time'),
          cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0),
        });
        if (process.argv.includes('--detail')) printLhDetail(r.path, lhr as never);
        const failing = Object.values(lhr.audits).filter(
          (a) => a.score !== null && a.score < 1 && lhr.categories.accessibility?.auditRefs.some((x) => x.id === a.id),
        );
        if (failing.length) console.log(`  accesibilidad ${r.path}: ${failing.map((a) => a.id).join(', ')}`);
      } finally {
        await browser.close();
      }
    }
    results.sort((a, b) => a.performance - b.performance);
    const med = results[Math.floor(results.length / 2)]!;
    out.push(med);
    console.log(
      `Lighthouse ${r.path}: rendimiento ${med.performance}, accesibilidad ${med.accessibility} (FCP ${med.fcp} ms, LCP ${med.lcp} ms, TBT ${med.tbt} ms)`,
    );
  }
  return out;
}

export async function runWeb(opts: { build: boolean; lighthouse: boolean; runs: number }) {
  if (opts.build || !existsSync(path.join(BENCH_DIST, 'index.html'))) buildClient();
  const server = await startServer({ port: PORTS.web });
  try {
    const only = process.argv.indexOf('--only');
    const list = (await routes(server.base)).filter((r) => only < 0 || r.path.startsWith(process.argv[only + 1]!));
    const sizes = await measureSizes(server.base, list);
    const lh = opts.lighthouse ? await runLighthouse(server.base, list.slice(0, 3), opts.runs) : [];
    return { sizes, lh };
  } finally {
    await server.stop();
  }
}

export function webTables(r: { sizes: SizeRow[]; lh: LhRow[] }): string {
  const sizes = table(
    ['route (first visit)', 'JS gzip KB', 'JS files', 'CSS gzip KB', 'JS raw KB', 'react-admin / Phaser / firebase'],
    r.sizes.map((s) => [s.route, kb(s.jsGzip), s.jsFiles, kb(s.cssGzip), kb(s.jsRaw), s.heavy.length ? s.heavy.join(', ') : 'none']),
  );
  const lh = r.lh.length
    ? `\n\n${table(
        ['route', 'performance', 'accessibility', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS'],
        r.lh.map((l) => [l.route, l.performance, l.accessibility, l.fcp, l.lcp, l.tbt, l.cls.toFixed(3)]),
      )}`
    : '';
  return sizes + lh;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const runsArg = argv.indexOf('--runs');
  const r = await runWeb({
    build: !argv.includes('--no-build'),
    lighthouse: !argv.includes('--no-lighthouse'),
    runs: runsArg >= 0 ? Number(argv[runsArg + 1]) : 1,
  });
  const md = `Machine: ${machine()}\n\n${webTables(r)}`;
  console.log(`\n${md}`);
  saveResult('web', r, md);
}
