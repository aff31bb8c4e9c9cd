/**
 * Contenido de demostración que la semilla carga en una base de datos vacía.
 *
 * Cada nivel tiene 6 palabras (español + inglés) y una evaluación de 4 preguntas.
 * Los archivos multimedia de cada palabra están en `public/demo/palabras/<slug>/`
 * (img-es.png, img-en.png, audio-es.mp3, audio-en.mp3, sign.gif, menu.gif) y la
 * imagen de cada nivel en `public/demo/niveles/<imagen>`.
 * Se generan con `scripts/make-demo-media.sh` a partir de `words.json`, que debe
 * mantenerse en sincronía con este archivo (mismos niveles, slugs y textos).
 */

export interface SeedWord {
  slug: string;
  es: string;
  en: string;
}

export interface SeedAnswer {
  respuesta: string;
  valor: boolean;
}

export interface SeedQuestion {
  pregunta: string;
  Tipo: 'Texto' | 'Opción Múltiple';
  porcentaje: number;
  respuestas: SeedAnswer[];
}

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
    preguntas: [
      {
        pregunta: "¿Cómo se dice 'dog' en español?",
        Tipo: 'Opción Múltiple',
        porcentaje: 25,
        respuestas: [
          { respuesta: 'gato', valor: false },
          { respuesta: 'perro', valor: true },
          { respuesta: 'conejo', valor: false },
        ],
      },
      {
        pregunta: "Escribe en español la palabra 'bird'.",
        Tipo: 'Texto',
        porcentaje: 25,
        respuestas: [{ respuesta: 'pájaro', valor: true }],
      },
      {
        pregunta: '¿Qué animal vive en el agua?',
        Tipo: 'Opción Múltiple',
        porcentaje: 25,
        respuestas: [
          { respuesta: 'pez', valor: true },
          { respuesta: 'león', valor: false },
          { respuesta: 'gato', valor: false },
        ],
      },
      {
        pregunta: "¿Cómo se dice 'lion' en español? Escríbelo.",
        Tipo: 'Texto',
        porcentaje: 25,
        respuestas: [{ respuesta: 'león', valor: true }],
      },
    ],
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
    preguntas: [
      {
        pregunta: "¿Cómo se dice 'blue' en español?",
        Tipo: 'Opción Múltiple',
        porcentaje: 25,
        respuestas: [
          { respuesta: 'verde', valor: false },
          { respuesta: 'rojo', valor: false },
          { respuesta: 'azul', valor: true },
        ],
      },
      {
        pregunta: "Escribe en español el color 'yellow'.",
        Tipo: 'Texto',
        porcentaje: 25,
        respuestas: [{ respuesta: 'amarillo', valor: true }],
      },
      {
        pregunta: '¿De qué color es el pasto?',
        Tipo: 'Opción Múltiple',
        porcentaje: 25,
        respuestas: [
          { respuesta: 'rosado', valor: false },
          { respuesta: 'verde', valor: true },
          { respuesta: 'marrón', valor: false },
        ],
      },
      {
        pregunta: "¿Cómo se dice 'brown' en español? Escríbelo.",
        Tipo: 'Texto',
        porcentaje: 25,
        respuestas: [{ respuesta: 'marrón', valor: true }],
      },
    ],
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
    preguntas: [
      {
        pregunta: "¿Cómo se dice 'girl' en español?",
        Tipo: 'Opción Múltiple',
        porcentaje: 25,
        respuestas: [
          { respuesta: 'niño', valor: false },
          { respuesta: 'niña', valor: true },
          { respuesta: 'mamá', valor: false },
        ],
      },
      {
        pregunta: "Escribe en español la palabra 'dad'.",
        Tipo: 'Texto',
        porcentaje: 25,
        respuestas: [{ respuesta: 'papá', valor: true }],
      },
      {
        pregunta: '¿Quién es el más pequeño de la familia?',
        Tipo: 'Opción Múltiple',
        porcentaje: 25,
        respuestas: [
          { respuesta: 'abuelo', valor: false },
          { respuesta: 'papá', valor: false },
          { respuesta: 'bebé', valor: true },
        ],
      },
      {
        pregunta: "¿Cómo se dice 'boy' en español? Escríbelo.",
        Tipo: 'Texto',
        porcentaje: 25,
        respuestas: [{ respuesta: 'niño', valor: true }],
      },
    ],
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
    preguntas: [
      {
        pregunta: "¿Cómo se dice 'pineapple' en español?",
        Tipo: 'Opción Múltiple',
        porcentaje: 25,
        respuestas: [
          { respuesta: 'plátano', valor: false },
          { respuesta: 'limón', valor: false },
          { respuesta: 'piña', valor: true },
        ],
      },
      {
        pregunta: "Escribe en español la palabra 'lemon'.",
        Tipo: 'Texto',
        porcentaje: 25,
        respuestas: [{ respuesta: 'limón', valor: true }],
      },
      {
        pregunta: '¿Qué bebemos en el desayuno?',
        Tipo: 'Opción Múltiple',
        porcentaje: 25,
        respuestas: [
          { respuesta: 'leche', valor: true },
          { respuesta: 'pan', valor: false },
          { respuesta: 'manzana', valor: false },
        ],
      },
      {
        pregunta: "¿Cómo se dice 'banana' en español? Escríbelo.",
        Tipo: 'Texto',
        porcentaje: 25,
        respuestas: [{ respuesta: 'plátano', valor: true }],
      },
    ],
  },
];
