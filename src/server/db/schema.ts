import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Accounts. Email is unique case-insensitively (index on lower(email)); null for a child a teacher
 * created in a class (screens-backoffice.md B-3.6): they log in with the class code and a picture password instead.
 */
export const usuario = pgTable(
  'usuario',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    apellido: text('apellido').notNull().default(''),
    fechaNacimiento: date('fecha_nacimiento', { mode: 'string' }),
    email: text('email'),
    passwordHash: text('password_hash'),
    credential: text('credential'),
    phone: text('phone'),
    sexo: text('sexo'),
    avatar: text('avatar'),
    photo: text('photo'),
    status: boolean('status').notNull().default(true),
    /** Bumped on password change and deactivation: tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    googleUid: text('google_uid'),
    /** The learner's sign-player and sound choices (src/shared/rules/preferences.ts), JSON text; null = defaults. */
    preferencias: text('preferencias'),
    /**
     * Picture password (constants.md C-3): the scrypt hash of the 3 picture keys in order
     * (src/shared/rules/classes.ts), and the same sequence encrypted with a key derived from
     * JWT_SECRET so the class's teacher can see and print it (src/server/auth/pictureSecret.ts).
     */
    claveImagenesHash: text('clave_imagenes_hash'),
    claveImagenesCifrada: text('clave_imagenes_cifrada'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usuario_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('usuario_google_uid_uq').on(t.googleUid),
    // The admin users list sorted by name (its tie-break is the id).
    index('usuario_nombre_id_idx').on(t.nombre, t.id),
  ],
);

export const rol = pgTable(
  'rol',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion'),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
  },
  (t) => [index('rol_id_usuario_idx').on(t.idUsuario)],
);

export const nivel = pgTable('nivel', {
  idNivel: serial('id_nivel').primaryKey(),
  nombreNivel: text('nombre_nivel').notNull(),
  descripcion: varchar('descripcion', { length: 255 }).notNull(),
  dificultad: text('dificultad').notNull(),
  imagen: text('imagen'),
});

export const palabra = pgTable(
  'palabra',
  {
    idPalabra: serial('id_palabra').primaryKey(),
    palabraEspanol: text('palabra_espanol').notNull(),
    palabraIngles: text('palabra_ingles').notNull(),
    idNivel: integer('id_nivel')
      .notNull()
      .references(() => nivel.idNivel, { onDelete: 'restrict' }),
  },
  (t) => [index('palabra_id_nivel_idx').on(t.idNivel)],
);

export const multimedia = pgTable(
  'multimedia',
  {
    id: serial('id').primaryKey(),
    tipo: text('tipo').notNull(),
    descripcion: text('descripcion').notNull(),
    url: text('url').notNull(),
    idPalabra: integer('id_palabra')
      .notNull()
      .references(() => palabra.idPalabra, { onDelete: 'restrict' }),
    /** Bytes of the stored file (null for rows older than migration 0005 until the backfill sets it). */
    tamano: integer('tamano'),
    /** A compact rendition of a GIF (animated WebP, same size and timing) the players prefer; null = none. */
    urlCompacta: text('url_compacta'),
    tamanoCompacta: integer('tamano_compacta'),
  },
  (t) => [index('multimedia_id_palabra_idx').on(t.idPalabra)],
);

export const contenido = pgTable(
  'contenido',
  {
    idContenido: serial('id_contenido').primaryKey(),
    tipoContenido: text('tipo_contenido').notNull(),
    idNivel: integer('id_nivel')
      .notNull()
      .references(() => nivel.idNivel, { onDelete: 'restrict' }),
    idPalabra: integer('id_palabra').references(() => palabra.idPalabra, { onDelete: 'restrict' }),
    descripcion: text('descripcion'),
    urlArchivo: text('url_archivo'),
  },
  (t) => [index('contenido_id_nivel_idx').on(t.idNivel), index('contenido_id_palabra_idx').on(t.idPalabra)],
);

export const evaluacion = pgTable(
  'evaluacion',
  {
    idEvaluacion: serial('id_evaluacion').primaryKey(),
    idNivel: integer('id_nivel')
      .notNull()
      .references(() => nivel.idNivel, { onDelete: 'restrict' }),
    puntaje: integer('puntaje').notNull(),
  },
  (t) => [index('evaluacion_id_nivel_idx').on(t.idNivel)],
);

export const pregunta = pgTable(
  'pregunta',
  {
    idPregunta: serial('id_pregunta').primaryKey(),
    pregunta: text('pregunta').notNull().default(''),
    tipo: text('tipo').notNull(),
    porcentaje: numeric('porcentaje', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    idEvaluacion: integer('id_evaluacion')
      .notNull()
      .references(() => evaluacion.idEvaluacion, { onDelete: 'restrict' }),
    imagen: text('imagen'),
    /** The sign shown as the question (a word's sign media); follows the row when its file is replaced. */
    idMultimedia: integer('id_multimedia').references(() => multimedia.id, { onDelete: 'set null' }),
    /** The word a generated sign question asks about (null for questions written by hand). */
    idPalabra: integer('id_palabra').references(() => palabra.idPalabra, { onDelete: 'set null' }),
    /** How a generated sign question asks (SIGN_QUIZ_KINDS); null for questions written by hand. */
    modo: text('modo'),
  },
  (t) => [
    index('pregunta_id_evaluacion_idx').on(t.idEvaluacion),
    // One generated question per word and quiz: a second "Crear", or two at once, cannot store it twice.
    uniqueIndex('pregunta_generada_palabra_uq')
      .on(t.idEvaluacion, t.idPalabra)
      .where(sql`${t.modo} is not null`),
  ],
);

export const respuesta = pgTable(
  'respuesta',
  {
    idRespuesta: serial('id_respuesta').primaryKey(),
    respuesta: text('respuesta').notNull().default(''),
    valor: boolean('valor').notNull().default(false),
    idPregunta: integer('id_pregunta')
      .notNull()
      .references(() => pregunta.idPregunta, { onDelete: 'cascade' }),
    imagen: text('imagen'),
    /** A sign or a picture from a word's media shown as this option (sign questions). */
    idMultimedia: integer('id_multimedia').references(() => multimedia.id, { onDelete: 'set null' }),
  },
  (t) => [index('respuesta_id_pregunta_idx').on(t.idPregunta)],
);

export const institucion = pgTable('institucion', {
  idInstitucion: serial('id_institucion').primaryKey(),
  nombre: text('nombre').notNull(),
});

export const dominio = pgTable(
  'dominio',
  {
    idDominio: serial('id_dominio').primaryKey(),
    dominio: text('dominio').notNull(),
    idInstitucion: integer('id_institucion')
      .notNull()
      .references(() => institucion.idInstitucion, { onDelete: 'restrict' }),
  },
  (t) => [index('dominio_id_institucion_idx').on(t.idInstitucion)],
);

export const comentario = pgTable(
  'comentario',
  {
    idComentario: serial('id_comentario').primaryKey(),
    idUser: integer('id_user')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    comentario: text('comentario').notNull(),
    calificacion: integer('calificacion').notNull(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comentario_id_user_idx').on(t.idUser)],
);

/** A learner's progress in one level: the words seen and the state ('en progreso' / 'completado'). */
export const progreso = pgTable(
  'progreso',
  {
    idProgreso: serial('id_progreso').primaryKey(),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    idNivel: integer('id_nivel')
      .notNull()
      .references(() => nivel.idNivel, { onDelete: 'cascade' }),
    estado: text('estado').notNull().default('en progreso'),
    palabrasVistas: jsonb('palabras_vistas')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    reintentos: integer('reintentos').notNull().default(0),
    /** Extra quiz attempts a teacher granted past one attempt + 2 retries (constants.md C-4). */
    intentosExtra: integer('intentos_extra').notNull().default(0),
    actualizado: timestamp('actualizado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('progreso_usuario_nivel_uq').on(t.idUsuario, t.idNivel), index('progreso_id_nivel_idx').on(t.idNivel)],
);

/** One quiz attempt (what the learner's history and the teacher results list show). */
export const intento = pgTable(
  'intento',
  {
    idIntento: serial('id_intento').primaryKey(),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    idNivel: integer('id_nivel')
      .notNull()
      .references(() => nivel.idNivel, { onDelete: 'restrict' }),
    idEvaluacion: integer('id_evaluacion').references(() => evaluacion.idEvaluacion, { onDelete: 'set null' }),
    correctas: integer('correctas').notNull(),
    totalPreguntas: integer('total_preguntas').notNull(),
    puntaje: numeric('puntaje', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    /** The device's idempotency key (wire W-11.1: a quiz sent again after a lost reply is stored once); null for submits without one. */
    clave: varchar('clave', { length: 64 }),
  },
  (t) => [
    // Nulls are distinct: attempts without a key never collide.
    uniqueIndex('intento_usuario_clave_uq').on(t.idUsuario, t.clave),
    index('intento_usuario_fecha_idx').on(t.idUsuario, t.fecha),
    // The class dashboard's latest score per child and level: one probe per pair (migration 0009).
    index('intento_usuario_nivel_fecha_idx').on(t.idUsuario, t.idNivel, t.fecha, t.idIntento),
    // The teacher results' orders (src/server/queries/teacher-results.ts): newest first, one level
    // newest first, one level by score; each ends with the id, the list's tie-break.
    index('intento_fecha_id_idx').on(t.fecha, t.idIntento),
    index('intento_nivel_fecha_id_idx').on(t.idNivel, t.fecha, t.idIntento),
    index('intento_nivel_puntaje_id_idx').on(t.idNivel, t.puntaje, t.idIntento),
  ],
);

/**
 * How many attempts each level has per week (UTC weeks since 1970: floor(epoch(fecha) / 604800))
 * and part (id_usuario % 8, so a classroom submitting at once does not queue on one row), kept
 * exact by statement triggers on intento (migration 0002_teacher_results_scale). The teacher
 * results read their total and jump to deep pages from it instead of counting a year of attempts.
 * Not backed up: a restore re-inserts the attempts, and the triggers count them again.
 */
export const intentoConteo = pgTable(
  'intento_conteo',
  {
    idNivel: integer('id_nivel').notNull(),
    semana: integer('semana').notNull(),
    parte: integer('parte').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.idNivel, t.semana, t.parte] })],
);

/** One answered question (the result row of wire.md W-10.10). */
export const resultado = pgTable(
  'resultado',
  {
    idResultado: serial('id_resultado').primaryKey(),
    idIntento: integer('id_intento').references(() => intento.idIntento, { onDelete: 'cascade' }),
    idPregunta: integer('id_pregunta').references(() => pregunta.idPregunta, { onDelete: 'set null' }),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    idNivel: integer('id_nivel')
      .notNull()
      .references(() => nivel.idNivel, { onDelete: 'restrict' }),
    idRespuesta: integer('id_respuesta').references(() => respuesta.idRespuesta, { onDelete: 'set null' }),
    respuesta: text('respuesta'),
    correcta: boolean('correcta').notNull(),
    valor: integer('valor').notNull(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    /**
     * For an answer saved on its own (POST /api/resultados/create, no id_intento): the attempt it
     * belongs to, numbered by how many attempts the child had submitted on the level when it came
     * (the attempt still open). Null for rows of a submitted attempt, and for rows stored before.
     */
    intentoAbierto: integer('intento_abierto'),
  },
  (t) => [
    // One answer per question per attempt counts (privacy issue: 40 answers to one question put 40
    // wrong answers into a class's hardest questions): the database, not a read-then-write, keeps
    // the first one, so answers sent at the same time cannot both land.
    uniqueIndex('resultado_usuario_pregunta_abierto_uq')
      .on(t.idUsuario, t.idPregunta, t.intentoAbierto)
      .where(sql`${t.idIntento} is null`),
    index('resultado_id_intento_idx').on(t.idIntento),
    // By child and date (was by child alone): the class dashboard's hardest questions read a class's
    // last 90 days, not every answer the children ever gave (migration 0009).
    index('resultado_usuario_fecha_idx').on(t.idUsuario, t.fecha),
    index('resultado_id_pregunta_idx').on(t.idPregunta),
    index('resultado_id_nivel_idx').on(t.idNivel),
  ],
);

/**
 * One finished game run (wire.md W-10.20, games.md G-7): which game, on which level (null: the games menu of every
 * level), its score and the most it could have scored, whether it was won, the stars it earned
 * (src/shared/rules/games/stars.ts) and which words were right or wrong. `clave` is the run's id made by the
 * tablet, unique per child, so a run sent twice (a retry after a lost reply) is stored once.
 */
export const partida = pgTable(
  'partida',
  {
    idPartida: serial('id_partida').primaryKey(),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    idNivel: integer('id_nivel').references(() => nivel.idNivel, { onDelete: 'cascade' }),
    juego: text('juego').notNull(),
    clave: text('clave').notNull(),
    puntos: integer('puntos').notNull(),
    puntosMax: integer('puntos_max').notNull(),
    ganada: boolean('ganada').notNull(),
    estrellas: integer('estrellas').notNull(),
    palabrasBien: jsonb('palabras_bien')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    palabrasMal: jsonb('palabras_mal')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partida_usuario_clave_uq').on(t.idUsuario, t.clave),
    index('partida_usuario_nivel_juego_idx').on(t.idUsuario, t.idNivel, t.juego),
    // The class dashboard's hardest words and activity read a class's recent runs (migration 0009).
    index('partida_usuario_fecha_idx').on(t.idUsuario, t.fecha),
    index('partida_id_nivel_idx').on(t.idNivel),
  ],
);

/**
 * Memory per child and word (constants.md C-7, wire W-10.18): the word's FSRS card (ts-fsrs, src/shared/rules/review.ts).
 * Only the server writes it, from graded events; `estado` 0 = new (seen in word detail, never
 * reviewed). The due list of one child reads (id_usuario, vence) in order.
 */
export const memoria = pgTable(
  'memoria',
  {
    idMemoria: serial('id_memoria').primaryKey(),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    idPalabra: integer('id_palabra')
      .notNull()
      .references(() => palabra.idPalabra, { onDelete: 'cascade' }),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    estado: integer('estado').notNull().default(0),
    vence: timestamp('vence', { withTimezone: true }).notNull().defaultNow(),
    estabilidad: doublePrecision('estabilidad').notNull().default(0),
    dificultad: doublePrecision('dificultad').notNull().default(0),
    diasTranscurridos: integer('dias_transcurridos').notNull().default(0),
    diasProgramados: integer('dias_programados').notNull().default(0),
    pasos: integer('pasos').notNull().default(0),
    repasos: integer('repasos').notNull().default(0),
    olvidos: integer('olvidos').notNull().default(0),
    ultimoRepaso: timestamp('ultimo_repaso', { withTimezone: true }),
    vistaEn: timestamp('vista_en', { withTimezone: true }),
    actualizado: timestamp('actualizado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memoria_usuario_palabra_uq').on(t.idUsuario, t.idPalabra),
    index('memoria_usuario_vence_idx').on(t.idUsuario, t.vence),
    index('memoria_id_palabra_idx').on(t.idPalabra),
  ],
);

/**
 * One review of a word by a child: its grade (ts-fsrs Rating 1–4), where it came from (repaso,
 * juego, cuestionario) and the due date it produced. `clave` is unique per child: a device's key
 * for a review answer, or one the server makes for a game run's or a quiz attempt's words, so a
 * replay never reviews twice.
 */
export const repaso = pgTable(
  'repaso',
  {
    idRepaso: serial('id_repaso').primaryKey(),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    idPalabra: integer('id_palabra')
      .notNull()
      .references(() => palabra.idPalabra, { onDelete: 'cascade' }),
    calificacion: integer('calificacion').notNull(),
    fuente: text('fuente').notNull(),
    clave: text('clave').notNull(),
    estadoAntes: integer('estado_antes').notNull(),
    vence: timestamp('vence', { withTimezone: true }).notNull(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('repaso_usuario_clave_uq').on(t.idUsuario, t.clave),
    index('repaso_usuario_fecha_idx').on(t.idUsuario, t.fecha),
    index('repaso_id_palabra_idx').on(t.idPalabra),
  ],
);

/**
 * "¡Ahora tú!" attempts (a learning event, DESIGN.md "Camera practice"): the scores only, never a
 * picture or a landmark. One row per device key (a resend is answered with the stored row); a 2–3
 * star attempt also wrote a review (source 'practica') to the child's memory.
 */
export const practica = pgTable(
  'practica',
  {
    idPractica: serial('id_practica').primaryKey(),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    idPalabra: integer('id_palabra')
      .notNull()
      .references(() => palabra.idPalabra, { onDelete: 'cascade' }),
    clave: text('clave').notNull(),
    estrellas: integer('estrellas').notNull(),
    puntaje: doublePrecision('puntaje').notNull(),
    forma: doublePrecision('forma').notNull(),
    lugar: doublePrecision('lugar').notNull(),
    movimiento: doublePrecision('movimiento').notNull(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('practica_usuario_clave_uq').on(t.idUsuario, t.clave),
    index('practica_usuario_palabra_idx').on(t.idUsuario, t.idPalabra),
    index('practica_id_palabra_idx').on(t.idPalabra),
    check('practica_estrellas_ck', sql`${t.estrellas} between 1 and 3`),
  ],
);

/**
 * The reference track of a sign for "¡Ahora tú!" (hand landmarks per picture, computed once in a
 * teacher's browser by the same model and code the child's dialog uses), keyed by the sign file's
 * stored address: a new or replaced sign has a new address, so its old track simply stops matching
 * (it is "missing" again) without any hook in the media code.
 */
export const trazo = pgTable('trazo', {
  url: text('url').primaryKey(),
  /** Length of the sign (ms) and its track (Track of src/shared/signPractice/compare.ts). */
  ms: integer('ms').notNull(),
  datos: jsonb('datos').notNull(),
  fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
});

/** Password-recovery tokens: only a hash is stored; single use; one hour. */
export const passwordReset = pgTable(
  'password_reset',
  {
    id: serial('id').primaryKey(),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_token_hash_uq').on(t.tokenHash), index('password_reset_id_usuario_idx').on(t.idUsuario)],
);

/** Small key/value table (e.g. whether the demo seed ran). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Sessions ended by logging out: a token whose `sid` is here is refused (kept until it would expire anyway). */
export const sesionRevocada = pgTable(
  'sesion_revocada',
  {
    sid: text('sid').primaryKey(),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    expira: timestamp('expira', { withTimezone: true }).notNull(),
  },
  (t) => [index('sesion_revocada_expira_idx').on(t.expira)],
);

/**
 * Guessing limits of both logins (src/server/auth/attempts.ts): one row per counter, keyed by what
 * is counted (`tipo`: the e-mail login, a child's picture login, a class), whose (`cuenta`: the
 * e-mail, the child's id, the class's id) and from where (`dispositivo`: a known device's id, or
 * '*' for every unknown device together). Each attempt takes its place here before the secret is
 * checked, so requests in flight together count as requests in a row; in the database, so every app
 * process shares them.
 */
export const limiteIntento = pgTable(
  'limite_intento',
  {
    tipo: text('tipo').notNull(),
    cuenta: text('cuenta').notNull(),
    dispositivo: text('dispositivo').notNull(),
    fallos: integer('fallos').notNull(),
    ultimo: timestamp('ultimo', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tipo, t.cuenta, t.dispositivo] }), index('limite_intento_ultimo_idx').on(t.ultimo)],
);

/**
 * Request ceilings shared by every app process on every host (src/server/ratelimit.ts): the
 * per-address ceilings of @fastify/rate-limit (its store) and the per-e-mail recovery limit. One
 * row per counted key (`clave`: what is counted and whose, e-mails as digests), counting within a
 * fixed window that ends at `vence`. Check and count are one statement, so requests sent together
 * are counted as requests in a row; rows whose window ended long ago are pruned now and then.
 */
export const limiteVentana = pgTable(
  'limite_ventana',
  {
    clave: text('clave').primaryKey(),
    cuenta: integer('cuenta').notNull(),
    vence: timestamp('vence', { withTimezone: true }).notNull(),
  },
  (t) => [index('limite_ventana_vence_idx').on(t.vence)],
);

/**
 * A teacher's class (wire.md W-10.17, constants.md C-3): a group of children with one or more teachers, a join code (6
 * characters of CLASS_CODE_ALPHABET, src/shared/rules/classes.ts; unique) and an active flag. An
 * inactive class keeps its data but its code neither joins nor logs in. Its guessing limits live in
 * `limite_intento` (src/server/auth/attempts.ts).
 */
export const clase = pgTable(
  'clase',
  {
    idClase: serial('id_clase').primaryKey(),
    nombre: text('nombre').notNull(),
    idInstitucion: integer('id_institucion')
      .notNull()
      .references(() => institucion.idInstitucion, { onDelete: 'restrict' }),
    codigo: varchar('codigo', { length: 6 }).notNull(),
    activa: boolean('activa').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clase_codigo_uq').on(t.codigo), index('clase_id_institucion_idx').on(t.idInstitucion)],
);

/** The teachers of a class (profesor or above); a class has at least one. */
export const claseProfesor = pgTable(
  'clase_profesor',
  {
    idClase: integer('id_clase')
      .notNull()
      .references(() => clase.idClase, { onDelete: 'cascade' }),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.idClase, t.idUsuario] }), index('clase_profesor_id_usuario_idx').on(t.idUsuario)],
);

/** The children of a class; a child may be in several classes. */
export const claseAlumno = pgTable(
  'clase_alumno',
  {
    idClase: integer('id_clase')
      .notNull()
      .references(() => clase.idClase, { onDelete: 'cascade' }),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    agregado: timestamp('agregado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.idClase, t.idUsuario] }), index('clase_alumno_id_usuario_idx').on(t.idUsuario)],
);

/**
 * An invitation to join a class, sent by one of its teachers to an existing account (which joins
 * only when the child accepts it at their next login: consent). One per class and child; it is
 * deleted when the child answers.
 */
export const claseInvitacion = pgTable(
  'clase_invitacion',
  {
    idInvitacion: serial('id_invitacion').primaryKey(),
    idClase: integer('id_clase')
      .notNull()
      .references(() => clase.idClase, { onDelete: 'cascade' }),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    /** The teacher who invited (named to the child); null once that account is gone. */
    idProfesor: integer('id_profesor').references(() => usuario.id, { onDelete: 'set null' }),
    creada: timestamp('creada', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clase_invitacion_clase_usuario_idx').on(t.idClase, t.idUsuario), index('clase_invitacion_id_usuario_idx').on(t.idUsuario)],
);

/** A level assigned to a class ("Tarea"), optionally with a date it is due. */
export const tarea = pgTable(
  'tarea',
  {
    idClase: integer('id_clase')
      .notNull()
      .references(() => clase.idClase, { onDelete: 'cascade' }),
    idNivel: integer('id_nivel')
      .notNull()
      .references(() => nivel.idNivel, { onDelete: 'cascade' }),
    fecha: date('fecha', { mode: 'string' }),
    creada: timestamp('creada', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.idClase, t.idNivel] }), index('tarea_id_nivel_idx').on(t.idNivel)],
);
