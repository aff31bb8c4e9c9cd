// The committed review simulation (docs/learning.md; a model, not a test, not children):
//   npx tsx scripts/sim/review-sim.ts [--learners 200] [--days 30] [--seed 1] [--curve power|exp|both] [--write-doc]
// Simulated learners with a forgetting curve (scripts/sim/model.ts) practise 10 minutes a day on a vocabulary
// shaped like Manitas's; the schedulers pick the items: (a) FSRS as the app runs it (src/shared/rules/review.ts),
// (b) the level's words in order, (c) random words, and (d) FSRS topped up with its weakest words. Prints
// Markdown tables; --write-doc also puts them into docs/learning.md between the sim markers. Deterministic for a
// given seed; about 15 s per curve for 200 learners on one core. See docs/learning.md for the model and limits.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CHOICES,
  composeSession,
  DESIRED_RETENTION,
  gradeAnswer,
  isDue,
  itemKind,
  newCard,
  recall as predictedRecall,
  review,
  type Card,
  type ItemKind,
} from '../../src/shared/rules/review';
import { type Curve, logNormal, MEMORY, mulberry32, nextStability, recallProbability, seedOf, slowShare } from './model';

// The app's rules are imported, not restated: the retention and ts-fsrs configuration (src/shared/rules/review.ts
// `scheduler`), the grading (gradeAnswer: wrong = Again, right after a replay or slow view = Hard, right = Good),
// the session composition (composeSession: at most 10 items, at most 3 new) and the item kinds (itemKind: a
// multiple choice among CHOICES, or typing once a word is known).

// ---- Simulation constants.
const SESSION_SECONDS = 10 * 60;
/** Extra seconds after a miss: the right sign is shown again. */
const MISS_EXTRA_SECONDS = 4;
const LEVELS = 15;
const DAY_MS = 86_400_000;
const START = Date.UTC(2025, 0, 6);

export type Args = { learners: number; days: number; seed: number; curves: Curve[]; writeDoc: boolean };

function parseArgs(argv: string[]): Args {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const int = (name: string, def: number, max: number) => {
    const v = Number(get(name) ?? def);
    if (!Number.isInteger(v) || v < 1 || v > max) throw new Error(`--${name} must be an integer in 1..${max}`);
    return v;
  };
  const curve = get('curve') ?? 'both';
  if (!['power', 'exp', 'both'].includes(curve)) throw new Error('--curve must be power, exp or both');
  return {
    learners: int('learners', 200, 5000),
    days: int('days', 30, 365),
    seed: int('seed', 1, 2 ** 31),
    curves: curve === 'both' ? ['power', 'exp'] : [curve as Curve],
    writeDoc: argv.includes('--write-doc'),
  };
}

/** The vocabulary: LEVELS levels of 10–20 words, each word with a difficulty (log-normal, median 1). */
type Vocabulary = { levels: number[][]; difficulty: number[] };

function makeVocabulary(seed: number): Vocabulary {
  const rng = mulberry32(seedOf(seed, 0xc0ffee));
  const levels: number[][] = [];
  const difficulty: number[] = [];
  for (let l = 0; l < LEVELS; l++) {
    const size = 10 + Math.floor(rng() * 11);
    const words: number[] = [];
    for (let k = 0; k < size; k++) {
      words.push(difficulty.length);
      difficulty.push(logNormal(rng, 0.35));
    }
    levels.push(words);
  }
  return { levels, difficulty };
}

/** One simulated child: ability, pace, how often a new level is opened, and their ease with each word. */
type Learner = { secondsPerItem: number; openEvery: number; startMinute: number; ease: number[]; initial: number[] };

function makeLearner(seed: number, index: number, vocab: Vocabulary): Learner {
  const rng = mulberry32(seedOf(seed, index, 0x1ea4));
  const ability = logNormal(rng, 0.3);
  const secondsPerItem = 8 + rng() * 4;
  const openEvery = 2 + Math.floor(rng() * 3);
  const startMinute = Math.floor(rng() * 240);
  const ease = vocab.difficulty.map((d) => (ability / d) * logNormal(rng, 0.2));
  return { secondsPerItem, openEvery, startMinute, ease, initial: ease.map((e) => MEMORY.initialStability * e) };
}

/** Words of the levels this learner has opened by `day` (level 1 on day 0, then one every openEvery days). */
function openedWords(vocab: Vocabulary, learner: Learner, day: number): number[] {
  const n = Math.min(vocab.levels.length, 1 + Math.floor(day / learner.openEvery));
  return vocab.levels.slice(0, n).flat();
}

/** What a scheduler sees and does. `pick` returns the next word to show and its item kind, or null to end
 * today's practice early. The baselines only use multiple-choice items (they keep no memory state). */
type Pick = { word: number; kind: ItemKind };
type Answer = { correcto: boolean; lento: boolean };
interface Scheduler {
  startDay(day: number, opened: number[]): void;
  pick(now: number): Pick | null;
  record(word: number, now: number, answer: Answer): void;
}

/** (a) FSRS as the app runs it: back-to-back review sessions composed by composeSession (due words, most
 * overdue first, then at most 3 new words of the opened levels in level order; 10 items at most) until the
 * 10 minutes are over or a composed session is empty (the child is done for today). With `fill`, the rest of
 * the 10 minutes goes to the words FSRS predicts weakest, not yet seen today, as the games do with a level. */
function fsrsScheduler(fill: boolean): Scheduler {
  const cards = new Map<number, Card>();
  let opened: number[] = [];
  let queue: Pick[] = [];
  let dayStart = -1;
  let weakest: number[] | null = null;
  const compose = (now: number): Pick[] => {
    const at = new Date(now);
    const due = [...cards]
      .filter(([, c]) => isDue(c, at))
      .sort((x, y) => x[1].due.getTime() - y[1].due.getTime())
      .map(([w]) => w);
    const fresh = opened.filter((w) => !cards.has(w));
    return composeSession(due, fresh).map(({ item }, i) => ({ word: item, kind: itemKind(cards.get(item) ?? newCard(at), i) }));
  };
  return {
    startDay(_day, words) {
      opened = words;
      queue = [];
      weakest = null;
      dayStart = -1;
    },
    pick(now) {
      if (dayStart < 0) dayStart = now;
      if (queue.length === 0 && weakest === null) queue = compose(now);
      const next = queue.shift();
      if (next) return next;
      if (!fill) return null;
      // Ranked once, when the sessions run dry: the predicted recall of the words not seen today, weakest first.
      weakest ??= [...cards]
        .filter(([, c]) => (c.last_review?.getTime() ?? 0) < dayStart)
        .map(([w, c]) => [w, predictedRecall(c, new Date(now))] as const)
        .sort((x, y) => x[1] - y[1])
        .map(([w]) => w);
      const w = weakest.shift();
      return w === undefined ? null : { word: w, kind: itemKind(cards.get(w)!, 0) };
    },
    record(word, now, answer) {
      const at = new Date(now);
      cards.set(word, review(cards.get(word) ?? newCard(at), gradeAnswer(answer), at));
    },
  };
}

/** (b) In order: cycles through the opened levels' words, level by level, for the whole 10 minutes. */
function inOrderScheduler(): Scheduler {
  let opened: number[] = [];
  let next = 0;
  return {
    startDay(_day, words) {
      opened = words;
    },
    pick() {
      const word = opened[next % opened.length];
      next = (next + 1) % opened.length;
      return { word, kind: 'sena_a_palabra' };
    },
    record() {},
  };
}

/** (c) Random: a uniformly random word of the opened levels, for the whole 10 minutes. */
function randomScheduler(rng: () => number): Scheduler {
  let opened: number[] = [];
  return {
    startDay(_day, words) {
      opened = words;
    },
    pick() {
      return { word: opened[Math.floor(rng() * opened.length)], kind: 'sena_a_palabra' };
    },
    record() {},
  };
}

type Kind = 'fsrs' | 'fsrs-fill' | 'order' | 'random';
const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'fsrs', label: `(a) FSRS (ts-fsrs, retention ${DESIRED_RETENTION})` },
  { kind: 'order', label: "(b) Level's words in order" },
  { kind: 'random', label: '(c) Random words of the opened levels' },
  { kind: 'fsrs-fill', label: '(d) FSRS, then its weakest words for the rest of the 10 min' },
];

type LearnerResult = { items: number; seconds: number; rightShare: number; recallSeen: number; recallOpened: number; above90: number; recallWeekLater: number };

/** Runs one learner for `days` days with one scheduler and measures the true memory the day after the last
 * session (same hour, no practice in between) and a week later. */
function runLearner(args: Args, curve: Curve, vocab: Vocabulary, index: number, kind: Kind): LearnerResult {
  const learner = makeLearner(args.seed, index, vocab);
  const outcomes = mulberry32(seedOf(args.seed, index, 0x0c0e));
  const sched =
    kind === 'fsrs' || kind === 'fsrs-fill'
      ? fsrsScheduler(kind === 'fsrs-fill')
      : kind === 'order'
        ? inOrderScheduler()
        : randomScheduler(mulberry32(seedOf(args.seed, index, 0x4a4d)));
  const stability = new Map<number, number>();
  const last = new Map<number, number>();
  let items = 0;
  let seconds = 0;
  let reviews = 0;
  let right = 0;
  for (let day = 0; day < args.days; day++) {
    sched.startDay(day, openedWords(vocab, learner, day));
    let now = START + day * DAY_MS + (15 * 60 + learner.startMinute) * 60_000;
    let used = 0;
    // Bounded: every item costs at least 8 s of a 600 s session.
    while (used + learner.secondsPerItem <= SESSION_SECONDS) {
      const picked = sched.pick(now);
      if (picked === null) break;
      const w = picked.word;
      let cost = learner.secondsPerItem;
      const s = stability.get(w);
      // A multiple-choice item can be right by luck (1 in CHOICES); typing cannot. Only a true recall
      // strengthens the memory; a miss (or a lucky guess) shows the sign, which re-encodes it.
      const guess = picked.kind !== 'escribir' && outcomes() < 1 / CHOICES;
      let correcto: boolean;
      let lento = false;
      if (s === undefined) {
        stability.set(w, learner.initial[w]);
        correcto = guess;
      } else {
        const r = recallProbability((now - last.get(w)!) / DAY_MS, s, curve);
        const recalled = outcomes() < r;
        lento = recalled && outcomes() < slowShare(r);
        correcto = recalled || guess;
        stability.set(w, nextStability(s, r, recalled, learner.ease[w], learner.initial[w]));
        reviews++;
        if (recalled) right++;
      }
      sched.record(w, now, { correcto, lento });
      if (!correcto) cost += MISS_EXTRA_SECONDS;
      last.set(w, now);
      used += cost;
      now += cost * 1000;
      items++;
    }
    seconds += used;
  }
  const opened = openedWords(vocab, learner, args.days - 1);
  const at = START + args.days * DAY_MS + (15 * 60 + learner.startMinute) * 60_000;
  const recall = (w: number, t: number) => (stability.has(w) ? recallProbability((t - last.get(w)!) / DAY_MS, stability.get(w)!, curve) : 0);
  const rs = opened.map((w) => recall(w, at));
  const seen = opened.filter((w) => stability.has(w));
  return {
    items,
    seconds,
    rightShare: reviews ? right / reviews : 0,
    recallSeen: seen.length ? seen.reduce((a, w) => a + recall(w, at), 0) / seen.length : 0,
    recallOpened: rs.reduce((a, r) => a + r, 0) / rs.length,
    above90: rs.filter((r) => r >= 0.9).length / rs.length,
    recallWeekLater: opened.reduce((a, w) => a + recall(w, at + 7 * DAY_MS), 0) / opened.length,
  };
}

type Row = { label: string } & LearnerResult;

export function simulate(args: Args, curve: Curve): Row[] {
  const vocab = makeVocabulary(args.seed);
  return KINDS.map(({ kind, label }) => {
    const sum: LearnerResult = { items: 0, seconds: 0, rightShare: 0, recallSeen: 0, recallOpened: 0, above90: 0, recallWeekLater: 0 };
    for (let i = 0; i < args.learners; i++) {
      const r = runLearner(args, curve, vocab, i, kind);
      for (const k of Object.keys(sum) as (keyof LearnerResult)[]) sum[k] += r[k];
    }
    const mean = Object.fromEntries(Object.entries(sum).map(([k, v]) => [k, v / args.learners])) as LearnerResult;
    return { label, ...mean };
  });
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

function table(args: Args, curve: Curve, rows: Row[]): string {
  const head =
    `**${curve === 'power' ? 'Power' : 'Exponential'} forgetting curve** — ${args.learners} learners, ${args.days} days, seed ${args.seed}; ` +
    `recall measured one day after the last session (and a week later, no practice in between).\n\n` +
    '| Scheduler | Items per learner | Minutes per day | Recalled at review | Mean recall, words introduced | Mean recall, all words of the opened levels | Words ≥ 0.9 | Mean recall a week later |\n' +
    '|---|---:|---:|---:|---:|---:|---:|---:|\n';
  return (
    head +
    rows
      .map(
        (r) =>
          `| ${r.label} | ${Math.round(r.items)} | ${(r.seconds / 60 / args.days).toFixed(1)} | ${pct(r.rightShare)} | ${pct(r.recallSeen)} | ${pct(r.recallOpened)} | ${pct(r.above90)} | ${pct(r.recallWeekLater)} |`,
      )
      .join('\n') +
    '\n'
  );
}

const START_MARK = '<!-- sim:start -->';
const END_MARK = '<!-- sim:end -->';

function main() {
  const args = parseArgs(process.argv.slice(2));
  const t0 = performance.now();
  const tables = args.curves.map((curve) => table(args, curve, simulate(args, curve)));
  const out = tables.join('\n');
  console.log(out);
  console.log(`(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  if (args.writeDoc) {
    const doc = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../docs/learning.md');
    const text = readFileSync(doc, 'utf8');
    const a = text.indexOf(START_MARK);
    const b = text.indexOf(END_MARK);
    if (a < 0 || b < a) throw new Error(`docs/learning.md lacks the ${START_MARK} … ${END_MARK} markers`);
    writeFileSync(doc, `${text.slice(0, a + START_MARK.length)}\n\n${out}\n${text.slice(b)}`);
    console.log('docs/learning.md updated.');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
