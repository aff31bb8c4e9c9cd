/**
 * Contenido de demostración que la semilla carga en una base de datos vacía.
 *
 * Cada nivel tiene 6 palabras (español + inglés) y una evaluación de 6 preguntas con señas
 * (de las tres clases de src/shared/rules/signQuiz.ts, y dos en las que se escribe la palabra de una seña).
 * Los archivos multimedia de cada palabra están en `public/demo/palabras/<slug>/`
 * (img-es.png, img-en.png, audio-es.mp3, audio-en.mp3, sign.gif, menu.gif) y la
 * imagen de cada nivel en `public/demo/niveles/<imagen>`.
 * Se generan con `scripts/make-demo-media.sh` a partir de `words.json`, que debe
 * mantenerse en sincronía con este archivo (mismos niveles, slugs y textos).
 */

import type { SignQuizKind } from '../../shared/rules/signQuiz';

export interface SeedWord {
  slug: string;
  es: string;
  en: string;
}

/**
 * A demo quiz question, asked in signs (the quiz tests reading signs, not translating): word slugs
 * of its level, turned into rows with the words' own sign and picture media by the seed.
 * - a choice in one of the SIGN_QUIZ_KINDS: `palabra` is the right answer, `opciones` every choice
 *   in the order shown (it includes `palabra`);
 * - `escribir`: the word's sign is shown and the child writes the word (a Texto question).
 */
export type SeedQuestion = { modo: SignQuizKind; palabra: string; opciones: string[]; pregunta?: string } | { escribir: string; pregunta: string };

/** Every question of a quiz weighs the same: the porcentaje shown is each one's share. */
export const signQuiz = (...preguntas: SeedQuestion[]): SeedQuestion[] => preguntas;

export interface SeedLevel {
  slug: string;
  nombre_nivel: string;
  descripcion: string;
  dificultad: 'Fácil' | 'Medio' | 'Difícil';
  /** File name in public/demo/niveles/ */
  imagen: string;
  palabras: SeedWord[];
  /** Evaluation puntaje, 1..100 */
  puntaje: number;
  preguntas: SeedQuestion[];
}

export const seedLevels: SeedLevel[] = [
  {
    slug: 'animales',
    nombre_nivel: 'Animales',
    descripcion: '¡Conoce a tus amigos peludos, con plumas y con aletas! Aprende las señas del perro, el gato, el pájaro y más animales.',
    dificultad: 'Fácil',
    imagen: 'animales.png',
    palabras: [
      { slug: 'perro', es: 'perro', en: 'dog' },
      { slug: 'gato', es: 'gato', en: 'cat' },
      { slug: 'pajaro', es: 'pájaro', en: 'bird' },
      { slug: 'pez', es: 'pez', en: 'fish' },
      { slug: 'conejo', es: 'conejo', en: 'rabbit' },
      { slug: 'leon', es: 'león', en: 'lion' },
    ],
    puntaje: 100,
    preguntas: signQuiz(
      { modo: 'sena-palabra', palabra: 'perro', opciones: ['gato', 'perro', 'conejo'] },
      { escribir: 'pajaro', pregunta: 'Mira la seña y escribe la palabra.' },
      { modo: 'sena-palabra', palabra: 'pez', opciones: ['pez', 'leon', 'gato'], pregunta: '¿Qué animal es esta seña?' },
      { escribir: 'leon', pregunta: '¿Qué seña es esta? Escríbela.' },
      { modo: 'palabra-sena', palabra: 'conejo', opciones: ['gato', 'conejo', 'perro'] },
      { modo: 'sena-imagen', palabra: 'gato', opciones: ['pez', 'pajaro', 'gato'] },
    ),
  },
  {
    slug: 'colores',
    nombre_nivel: 'Colores',
    descripcion: '¡Pinta el mundo con tus manos! Aprende las señas del rojo, el azul, el verde y otros colores del arcoíris.',
    dificultad: 'Fácil',
    imagen: 'colores.png',
    palabras: [
      { slug: 'rojo', es: 'rojo', en: 'red' },
      { slug: 'azul', es: 'azul', en: 'blue' },
      { slug: 'verde', es: 'verde', en: 'green' },
      { slug: 'amarillo', es: 'amarillo', en: 'yellow' },
      { slug: 'rosado', es: 'rosado', en: 'pink' },
      { slug: 'marron', es: 'marrón', en: 'brown' },
    ],
    puntaje: 100,
    preguntas: signQuiz(
      { modo: 'sena-palabra', palabra: 'azul', opciones: ['verde', 'rojo', 'azul'] },
      { escribir: 'amarillo', pregunta: 'Mira la seña y escribe la palabra.' },
      { modo: 'sena-palabra', palabra: 'verde', opciones: ['rosado', 'verde', 'marron'], pregunta: '¿Qué color es esta seña?' },
      { escribir: 'marron', pregunta: '¿Qué seña es esta? Escríbela.' },
      { modo: 'palabra-sena', palabra: 'rojo', opciones: ['amarillo', 'rojo', 'azul'] },
      { modo: 'sena-imagen', palabra: 'rosado', opciones: ['verde', 'rosado', 'amarillo'] },
    ),
  },
  {
    slug: 'familia',
    nombre_nivel: 'Familia',
    descripcion: '¡Saluda a tu familia con señas! Aprende a decir mamá, papá, bebé y abuelo con tus manos.',
    dificultad: 'Medio',
    imagen: 'familia.png',
    palabras: [
      { slug: 'mama', es: 'mamá', en: 'mom' },
      { slug: 'papa', es: 'papá', en: 'dad' },
      { slug: 'nino', es: 'niño', en: 'boy' },
      { slug: 'nina', es: 'niña', en: 'girl' },
      { slug: 'abuelo', es: 'abuelo', en: 'grandpa' },
      { slug: 'bebe', es: 'bebé', en: 'baby' },
    ],
    puntaje: 100,
    preguntas: signQuiz(
      { modo: 'sena-palabra', palabra: 'nina', opciones: ['nino', 'nina', 'mama'] },
      { escribir: 'papa', pregunta: 'Mira la seña y escribe la palabra.' },
      { modo: 'sena-palabra', palabra: 'bebe', opciones: ['abuelo', 'papa', 'bebe'], pregunta: '¿Quién es esta seña?' },
      { escribir: 'nino', pregunta: '¿Qué seña es esta? Escríbela.' },
      { modo: 'palabra-sena', palabra: 'mama', opciones: ['mama', 'abuelo', 'nina'] },
      { modo: 'sena-imagen', palabra: 'abuelo', opciones: ['bebe', 'abuelo', 'papa'] },
    ),
  },
  {
    slug: 'comida',
    nombre_nivel: 'Comida',
    descripcion: '¡Qué rico! Aprende las señas de tus comidas favoritas: manzana, plátano, piña, pan y mucho más.',
    dificultad: 'Difícil',
    imagen: 'comida.png',
    palabras: [
      { slug: 'manzana', es: 'manzana', en: 'apple' },
      { slug: 'platano', es: 'plátano', en: 'banana' },
      { slug: 'pina', es: 'piña', en: 'pineapple' },
      { slug: 'limon', es: 'limón', en: 'lemon' },
      { slug: 'pan', es: 'pan', en: 'bread' },
      { slug: 'leche', es: 'leche', en: 'milk' },
    ],
    puntaje: 100,
    preguntas: signQuiz(
      { modo: 'sena-palabra', palabra: 'pina', opciones: ['platano', 'limon', 'pina'] },
      { escribir: 'limon', pregunta: 'Mira la seña y escribe la palabra.' },
      { modo: 'sena-palabra', palabra: 'leche', opciones: ['leche', 'pan', 'manzana'], pregunta: '¿Qué comida es esta seña?' },
      { escribir: 'platano', pregunta: '¿Qué seña es esta? Escríbela.' },
      { modo: 'palabra-sena', palabra: 'pan', opciones: ['manzana', 'pan', 'leche'] },
      { modo: 'sena-imagen', palabra: 'manzana', opciones: ['manzana', 'pina', 'platano'] },
    ),
  },
];
