import { z } from 'zod';
import { defineResource } from './types';
import { requiredId, requiredText } from './fields';
import { CLASS_CODE_LENGTH_MSG, type PictureKey } from '../rules/classes';
import { dbIdFromText } from '../validation/numbers';
import { optionalCalendarDate } from '../validation/dates';
import { noBidi } from '../validation/names';

/**
 * Classes (docs/product/routes.md, screens-backoffice.md B-3): a teacher's group of children. The resource (list/one/create/update/delete)
 * goes through the declaration layer; the class's other routes (children, import, picture
 * passwords, assignments, dashboard, the class-code login) are in src/server/resources/clases/ (routes.ts, login.ts, tablero.ts) and
 * their wire shapes are below, so the server and the back office spell them once.
 *
 * Access: a profesor sees and manages only the classes they teach; admin and superadmin all.
 */
export const CLASE_MSG = {
  nombre: 'El nombre de la clase es obligatorio.',
  nombreLargo: 'El nombre no puede exceder los 120 caracteres.',
  institucion: 'La institución es obligatoria.',
  institucionInvalida: 'La institución no es válida.',
  profesores: 'La clase necesita al menos un profesor.',
  profesorInvalido: 'Uno de los profesores no es válido.',
  noEsTuClase: 'Solo los profesores de esta clase y los administradores pueden verla.',
  noEncontrada: 'Clase no encontrada.',
  codigoNoExiste: 'No encontramos esa clase. Revisa el código con tu profesor.',
  /** A code of the wrong length; 6 characters some card never carries are named (classCodeProblem). */
  codigoInvalido: CLASS_CODE_LENGTH_MSG,
  clavesIncorrectas: 'Esas no son tus imágenes. Inténtalo otra vez.',
} as const;

/** POST api/clase/register and PUT api/clase/update/{id} (JSON). */
export const claseSchema = z.object({
  nombre: requiredText(CLASE_MSG.nombre, 120, CLASE_MSG.nombreLargo).refine(...noBidi()),
  id_institucion: requiredId(CLASE_MSG.institucion, CLASE_MSG.institucionInvalida),
  /** Teacher user ids (profesor or above). A profesor creating a class is always one of them. */
  profesores: z.array(dbIdFromText(CLASE_MSG.profesorInvalido), { error: CLASE_MSG.profesores }).min(1, CLASE_MSG.profesores).max(20),
  activa: z.boolean().optional().default(true),
});
export type ClaseInput = z.infer<typeof claseSchema>;

export interface ClaseWire {
  id_clase: number;
  nombre: string;
  id_institucion: number;
  institucion: { nombre: string };
  /** 6 characters of CLASS_CODE_ALPHABET; made by the server, never sent by a client. */
  codigo: string;
  activa: boolean;
  profesores: number[];
  /** "Nombre Apellido" of each teacher, in the order of `profesores`. */
  profesores_nombres: string[];
  alumnos: number;
}

export const claseResource = defineResource({
  name: 'clases',
  idField: 'id_clase',
  paths: {
    list: 'clase/getClases',
    one: 'clase/getClase/{id}',
    create: 'clase/register',
    update: 'clase/update/{id}',
    delete: 'clase/delete/{id}',
  },
  listKey: 'data',
  multipart: false,
  schema: claseSchema,
  searchFields: ['nombre', 'codigo', 'institucion.nombre'],
  writeRole: 'profesor',
  readRole: 'profesor',
  adminRole: 'profesor',
});

// ---------------------------------------------------------------------------------------------
// The class's other routes. All under /api/clase/; every {id} route answers 404 for a missing
// class and 403 (CLASE_MSG.noEsTuClase) to a profesor who does not teach it.

/** A child of a class as its teachers see it (GET api/clase/{id}/alumnos → { data }). */
export interface ClaseAlumnoWire {
  id: number;
  nombre: string;
  apellido: string;
  /** null for a child created in the class without an email (the UI shows no email field then). */
  email: string | null;
  avatar: string | null;
  sexo: string | null;
  fechaNacimiento: string | null;
  status: boolean;
  /** The picture password in order, for the teacher to see and print; null when none is set. */
  imagenes: PictureKey[] | null;
  /** Seconds the child must still wait after failed picture logins (0 = may try). */
  espera: number;
  fallos: number;
}

/** A child as a write answers it (import, add): never the picture password. */
export type ClaseAlumnoEscrito = Omit<ClaseAlumnoWire, 'imagenes'>;

/**
 * POST api/clase/{id}/alumnos { ids } → { msg, data: ClaseAlumnoEscrito[], invitados }: children of
 * the teacher's other classes (admins: any learner). Those created in a class (no e-mail) join at
 * once (`data`); an e-mail account is invited (`invitados` counts them) and joins when it accepts.
 */
export const addAlumnosSchema = z.object({
  ids: z
    .array(dbIdFromText('Uno de los alumnos no es válido.'), { error: 'Elige al menos un alumno.' })
    .min(1, 'Elige al menos un alumno.')
    .max(200, 'Agrega como mucho 200 alumnos a la vez.'),
});

/**
 * GET api/clase/{id}/candidatos?q= → { data: CandidatoWire[] } (≤ 20 not yet in the class): for a
 * profesor, the children of their other classes only; for admins, any learner.
 */
export interface CandidatoWire {
  id: number;
  nombre: string;
  apellido: string;
  email: string | null;
  avatar: string | null;
}

/** Replies of the invitations (our own texts). */
export const INVITACION_MSG = {
  enviadas: 'Los alumnos con correo verán la invitación la próxima vez que entren y se unirán si la aceptan.',
  porCorreo: 'Si ese correo es de un alumno, verá la invitación la próxima vez que entre.',
  correo: 'Escribe el correo del alumno.',
  noEncontrada: 'Invitación no encontrada.',
  rechazada: 'Invitación rechazada.',
  clave: 'Esta cuenta entra con su correo y contraseña: no lleva clave de imágenes.',
} as const;

/** POST api/clase/{id}/invitar { email } → { msg } (the same whether or not the account exists). */
export const invitarSchema = z.object({
  email: z
    .string({ error: INVITACION_MSG.correo })
    .trim()
    .max(254, INVITACION_MSG.correo)
    .pipe(z.email({ error: INVITACION_MSG.correo })),
});

/**
 * GET api/clase/invitaciones (the signed-in child) → { data: InvitacionWire[] }; POST
 * api/clase/invitaciones/{id}/aceptar (joins) or .../rechazar → { msg, data: { id_clase, nombre } }.
 */
export interface InvitacionWire {
  id_invitacion: number;
  id_clase: number;
  clase: string;
  /** "Nombre Apellido" of the teacher who invited ('' when that account is gone). */
  profesor: string;
}

/** One row of an import (pasted list or CSV file), as the browser parsed it. */
const importRowSchema = z.object({
  nombre: z.string().optional().default(''),
  apellido: z.string().optional().default(''),
  /** aaaa-mm-dd or dd/mm/aaaa (Spanish Excel). */
  fechaNacimiento: z.string().optional().default(''),
  /** niño / niña (also accepted: nino, nina, m, f, h, masculino, femenino). */
  sexo: z.string().optional().default(''),
});
/** POST api/clase/{id}/importar { filas, guardar } */
export const importSchema = z.object({
  filas: z.array(importRowSchema).min(1, 'La lista está vacía.').max(200, 'Importa como mucho 200 alumnos a la vez.'),
  /** false: only check and preview; true: save all rows or none. */
  guardar: z.boolean().optional().default(false),
});
/** One previewed row: its values as they will be saved and its errors (field → Spanish message). */
export interface ImportRowResult {
  fila: number;
  nombre: string;
  apellido: string;
  fechaNacimiento: string;
  sexo: string;
  errores: Record<string, string>;
}
/**
 * Reply of importar: 200 { filas, validas, guardado, data? } (data = the created children with their
 * picture passwords when guardado); with guardar and any row in error: 400 { msg, filas } and nothing saved.
 */
export interface ImportReply {
  msg: string;
  filas: ImportRowResult[];
  validas: number;
  guardado: boolean;
  data?: ClaseAlumnoEscrito[];
}

/**
 * PUT api/clase/{id}/alumnos/{userId}/clave { imagenes? } → { msg } (none sent: a new random one; the
 * teacher reads it through GET .../alumnos or .../tarjetas). 409 for an account with an e-mail.
 */
export const claveSchema = z.object({ imagenes: z.array(z.string()).optional() });

/** GET api/clase/{id}/tareas → { data: TareaWire[] }; PUT api/clase/{id}/tareas { tareas } replaces them. */
export interface TareaWire {
  id_nivel: number;
  nombre_nivel: string;
  /** aaaa-mm-dd or null. */
  fecha: string | null;
}
export const tareasSchema = z.object({
  tareas: z
    .array(
      z.object({
        id_nivel: dbIdFromText('El nivel no es válido.'),
        fecha: optionalCalendarDate('La fecha no es válida.'),
      }),
      { error: 'Las tareas deben ser una lista.' },
    )
    .max(200, 'Asigna como mucho 200 niveles a la vez.'),
});

/** GET api/clase/mis-tareas (the signed-in child) → { data: MiTareaWire[] }, by date (none last). */
export interface MiTareaWire {
  id_nivel: number;
  fecha: string | null;
  id_clase: number;
  clase: string;
}

/** GET api/clase/mias (the signed-in child) → { data: { id_clase, nombre }[] }: their active classes. */

/** POST api/clase/unirme { codigo } (the signed-in child) → { msg, data: { id_clase, nombre } }. */
export const unirmeSchema = z.object({ codigo: z.string().optional().default('') });

// The class-code login (public).
/** GET api/clase/codigo/{codigo} → { data: ClaseEntradaWire } (active classes only; else 404 codigoNoExiste). */
export interface ClaseEntradaWire {
  id_clase: number;
  nombre: string;
  /** First names and avatars only: what a child needs to find their button. */
  alumnos: { id: number; nombre: string; avatar: string | null }[];
}
/** POST api/user/logInClase { codigo, id_usuario, imagenes } → { token, usuario } like api/user/logIn. */
export const logInClaseSchema = z.object({
  codigo: z.string().optional().default(''),
  id_usuario: dbIdFromText('El alumno no es válido.').optional(),
  imagenes: z.array(z.string()).optional().default([]),
});

// The dashboard.
/** One cell of the children × levels grid. */
export interface TableroCelda {
  /** Words seen of the level, % rounded down (0–100). */
  vistas: number;
  /** Latest quiz score (0–100) or null when never taken; coloured green ≥ 60, red below. */
  puntaje: number | null;
  fecha: string | null;
  /** Signs of this level due for review now (constants C-7). */
  pendientes: number;
}
/** GET api/clase/{id}/tablero → { data: TableroWire } */
export interface TableroWire {
  clase: ClaseWire;
  niveles: { id_nivel: number; nombre_nivel: string; palabras: number; tarea: boolean; fecha: string | null }[];
  alumnos: {
    id: number;
    nombre: string;
    apellido: string;
    avatar: string | null;
    celdas: Record<string, TableroCelda>;
    pendientes: number;
    ultimaActividad: string | null;
  }[];
  dificiles: {
    preguntas: { id_pregunta: number; pregunta: string; nombre_nivel: string; respuestas: number; fallos: number; acierto: number }[];
    palabras: { id_palabra: number; palabraEspanol: string; nombre_nivel: string; fallos: number; olvidos: number }[];
  };
  /** The last 30 days (oldest first), every day present. */
  actividad: { dia: string; intentos: number; partidas: number; repasos: number }[];
}
/** GET api/clase/{id}/alumno/{userId} → { data: TableroAlumnoWire } (a child of that class). */
export interface TableroAlumnoWire {
  alumno: { id: number; nombre: string; apellido: string; avatar: string | null };
  intentos: { id_nivel: number; nombre_nivel: string; puntaje: number; correctas: number; total_preguntas: number; fecha: string }[];
  progreso: { id_nivel: number; nombre_nivel: string; vistas: number; estado: string }[];
  actividad: { dia: string; intentos: number; partidas: number; repasos: number }[];
  /** "¡Ahora tú!" per word practised (most recent first): attempts, best and last stars, last time. */
  practicas: { id_palabra: number; palabraEspanol: string; nombre_nivel: string; intentos: number; mejores: number; ultimas: number; fecha: string }[];
}
