// The rule that builds quiz questions in signs from a level's words (src/shared/rules/signQuiz.ts):
// one question per word with a sign, wrong choices from the level's other words, never the right
// answer twice, the same questions for the same seed.
import { describe, expect, it } from 'vitest';
import { equalShare, planSignQuiz, SIGN_QUIZ_CHOICES, sinSenaMessage, type SignQuizWord } from '../../src/shared/rules/signQuiz';

let nextMedia = 1;
function word(id: number, es: string, opts: { sign?: boolean; picture?: boolean; menuOnly?: boolean } = {}): SignQuizWord {
  const media = [];
  if (opts.sign !== false && !opts.menuOnly) media.push({ id: nextMedia++, url: `uploads/multimedia/s${id}.gif`, tipo: 'gif', descripcion: 'gifSena' });
  if (opts.menuOnly) media.push({ id: nextMedia++, url: `uploads/multimedia/m${id}.gif`, tipo: 'gif', descripcion: 'gifmenu' });
  if (opts.picture !== false) media.push({ id: nextMedia++, url: `uploads/multimedia/i${id}.png`, tipo: 'imagen', descripcion: 'imgEspanol' });
  return { id_palabra: id, palabraEspanol: es, media };
}

const LEVEL = [word(1, 'perro'), word(2, 'gato'), word(3, 'pájaro'), word(4, 'pez'), word(5, 'conejo'), word(6, 'león')];

describe('planSignQuiz', () => {
  it('asks one question per word with a sign, in the three kinds, each with the right answer once', () => {
    const plan = planSignQuiz(LEVEL, 7);
    expect(plan.preguntas.map((q) => q.id_palabra)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(plan.preguntas.map((q) => q.modo))).toEqual(new Set(['sena-palabra', 'palabra-sena', 'sena-imagen']));
    for (const q of plan.preguntas) {
      expect(q.Tipo).toBe('Opción Múltiple');
      expect(q.respuestas).toHaveLength(SIGN_QUIZ_CHOICES);
      const right = q.respuestas.filter((r) => r.valor);
      expect(right).toEqual([expect.objectContaining({ respuesta: q.palabra, id_palabra: q.id_palabra })]);
      // Never the right answer twice: every choice is another word and another file.
      expect(new Set(q.respuestas.map((r) => r.respuesta)).size).toBe(SIGN_QUIZ_CHOICES);
      const files = q.respuestas.flatMap((r) => (r.media ? [r.media.url] : []));
      expect(new Set(files).size).toBe(files.length);
      // Wrong choices are the level's other words.
      for (const r of q.respuestas) expect(LEVEL.some((w) => w.id_palabra === r.id_palabra)).toBe(true);
    }
  });

  it('shows what each kind needs: the sign as the question, then words, signs or pictures as choices', () => {
    const plan = planSignQuiz(LEVEL, 7);
    for (const q of plan.preguntas) {
      const w = LEVEL.find((x) => x.id_palabra === q.id_palabra)!;
      const sign = w.media.find((m) => m.descripcion === 'gifSena')!;
      if (q.modo === 'sena-palabra') {
        expect(q.media).toEqual(sign);
        expect(q.respuestas.every((r) => r.media === null)).toBe(true);
        expect(q.pregunta).toBe('¿Qué palabra dice esta seña?');
      } else if (q.modo === 'palabra-sena') {
        expect(q.media).toBeNull();
        expect(q.pregunta).toBe(`¿Cuál es la seña de «${w.palabraEspanol}»?`);
        expect(q.respuestas.every((r) => r.media?.descripcion === 'gifSena')).toBe(true);
      } else {
        expect(q.media).toEqual(sign);
        expect(q.respuestas.every((r) => r.media?.descripcion === 'imgEspanol')).toBe(true);
      }
    }
  });

  it('is deterministic for a seed, and another seed may order things differently', () => {
    expect(planSignQuiz(LEVEL, 42)).toEqual(planSignQuiz(LEVEL, 42));
    // Input order does not matter: the words are read by id.
    expect(planSignQuiz([...LEVEL].reverse(), 42)).toEqual(planSignQuiz(LEVEL, 42));
    const seeds = [1, 2, 3, 4, 5].map((s) => JSON.stringify(planSignQuiz(LEVEL, s)));
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('skips words without a sign (a menu GIF is not a sign) and says how many', () => {
    const words = [...LEVEL, word(7, 'tigre', { sign: false }), word(8, 'oso', { menuOnly: true }), word(9, 'vaca', { sign: false, picture: false })];
    const plan = planSignQuiz(words, 3);
    expect(plan.sinSena).toEqual(['tigre', 'oso', 'vaca']);
    expect(plan.preguntas.map((q) => q.id_palabra)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(sinSenaMessage(plan.sinSena.length)).toBe('3 palabras no tienen seña y no se usan');
    expect(sinSenaMessage(1)).toBe('1 palabra no tiene seña y no se usa');
  });

  it('leaves out words already generated, and never uses a duplicate word as a wrong choice', () => {
    const words = [...LEVEL, word(7, 'Perro ')];
    const plan = planSignQuiz(words, 9, new Set([2, 3]));
    expect(plan.yaGeneradas).toEqual(['gato', 'pájaro']);
    const dog = plan.preguntas.find((q) => q.id_palabra === 1)!;
    expect(dog.respuestas.filter((r) => r.respuesta.trim().toLowerCase() === 'perro')).toHaveLength(1);
  });

  it('falls to a kind the level can fill, and gives up only when no kind has enough other words', () => {
    // Only two words have a picture: no picture question can have three pictures.
    const fewPictures = [word(1, 'rojo'), word(2, 'azul'), word(3, 'verde', { picture: false }), word(4, 'rosa', { picture: false })];
    for (let seed = 0; seed < 10; seed++) expect(planSignQuiz(fewPictures, seed).preguntas.every((q) => q.modo !== 'sena-imagen')).toBe(true);
    // Two words: three choices cannot be made.
    const two = planSignQuiz([word(1, 'rojo'), word(2, 'azul')], 1);
    expect(two.preguntas).toEqual([]);
    expect(two.sinOpciones).toEqual(['rojo', 'azul']);
  });

  it('weighs every question the same: the porcentaje is each one’s share of 100', () => {
    expect(equalShare(4)).toBe(25);
    expect(equalShare(6)).toBe(16.66);
    expect(equalShare(0)).toBe(0);
  });
});
