import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import { PROJECT_ROOT } from '../config';
import type { Database } from '../db/index';
import * as t from '../db/schema';
import { hashPassword } from '../auth/password';
import type { UploadFolder } from '../storage';
import { storageFor } from '../storage/s3';
import { AUDIO_KINDS, IMAGE_KINDS } from '../storage/sniff';
import { seedLevels } from './content';
import { signMedia } from '../../shared/rules/signMedia';
import { equalShare, pictureMedia, signQuestionText } from '../../shared/rules/signQuiz';
import { OPCION_MULTIPLE } from '../../shared/rules/quizRules';
import { TEXTO } from '../../shared/resources/pregunta';

export const DEMO_PASSWORD = 'Manitas2024';

export const DEMO_ACCOUNTS = [
  { email: 'superadmin@manitas.test', nombre: 'Sofía', apellido: 'Superadmin', rol: 'superadmin', sexo: 'niña', avatar: 'girl' },
  { email: 'admin@manitas.test', nombre: 'Andrés', apellido: 'Administrador', rol: 'admin', sexo: 'niño', avatar: 'boy' },
  { email: 'profesor@manitas.test', nombre: 'Paula', apellido: 'Profesora', rol: 'profesor', sexo: 'niña', avatar: 'girl' },
  { email: 'nino@manitas.test', nombre: 'Mateo', apellido: 'López', rol: null, sexo: 'niño', avatar: 'boy' },
  { email: 'nina@manitas.test', nombre: 'Lucía', apellido: 'García', rol: null, sexo: 'niña', avatar: 'girl' },
] as const;

const DEMO_DIR = path.join(PROJECT_ROOT, 'public', 'demo');
const SEED_KEY = 'demo_seed';

/**
 * Fills an EMPTY database with the demo accounts and content. A database that already has users
 * or levels, or that was seeded before, is left alone, so a second start adds nothing.
 */
export async function seedDemo(database: Database, config: AppConfig): Promise<'seeded' | 'skipped'> {
  const { db } = database;
  const done = await db.select().from(t.appMeta).where(eq(t.appMeta.key, SEED_KEY));
  if (done.length > 0) return 'skipped';
  const [{ n: users }] = (await db.select({ n: sql<number>`count(*)::int` }).from(t.usuario)) as [{ n: number }];
  const [{ n: levels }] = (await db.select({ n: sql<number>`count(*)::int` }).from(t.nivel)) as [{ n: number }];
  if (users > 0 || levels > 0) {
    await db.insert(t.appMeta).values({ key: SEED_KEY, value: 'skipped: database not empty' }).onConflictDoNothing();
    return 'skipped';
  }

  const storage = storageFor(config);
  const written: { folder: UploadFolder; name: string }[] = [];
  async function put(folder: UploadFolder, rel: string, kinds: typeof IMAGE_KINDS): Promise<{ name: string; size: number } | null> {
    const file = path.join(DEMO_DIR, rel);
    if (!existsSync(file)) return null;
    const stored = await storage.put(folder, await readFile(file), kinds, 'Archivo de demostración inválido.');
    written.push({ folder, name: stored.name });
    return { name: stored.name, size: stored.size };
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Files first (content-addressed names), then every row in one transaction.
  // The sizes go in with the rows; the compact WebP of each GIF is made after start-up by the
  // background job (src/server/maintenance/compact-media.ts): making the 48 demo ones here took
  // ~3.4 s, added to every fresh start and to every API test's database.
  type SeedMedia = { url: string; tipo: string; descripcion: string; tamano: number };
  const levelFiles: { imagen: string | null; words: Record<string, SeedMedia[]> }[] = [];
  for (const lvl of seedLevels) {
    const imagen = (await put('niveles', `niveles/${lvl.imagen}`, IMAGE_KINDS))?.name ?? null;
    const words: Record<string, SeedMedia[]> = {};
    for (const w of lvl.palabras) {
      const media: SeedMedia[] = [];
      const add = async (rel: string, tipo: string, descripcion: string, kinds: typeof IMAGE_KINDS) => {
        const file = await put('multimedia', `palabras/${w.slug}/${rel}`, kinds);
        if (file) media.push({ url: `uploads/multimedia/${file.name}`, tipo, descripcion, tamano: file.size });
      };
      await add('img-es.png', 'imagen', 'imgEspanol', IMAGE_KINDS);
      await add('img-en.png', 'imagen', 'imgIngles', IMAGE_KINDS);
      await add('audio-es.mp3', 'audio', 'audioEspanol', AUDIO_KINDS);
      await add('audio-en.mp3', 'audio', 'audioIngles', AUDIO_KINDS);
      await add('sign.gif', 'gif', 'gifSena', IMAGE_KINDS);
      await add('menu.gif', 'gif', 'gifmenu', IMAGE_KINDS);
      words[w.slug] = media;
    }
    levelFiles.push({ imagen, words });
  }

  try {
    await db.transaction(async (tx) => {
      for (const acc of DEMO_ACCOUNTS) {
        const [u] = await tx
          .insert(t.usuario)
          .values({
            nombre: acc.nombre,
            apellido: acc.apellido,
            email: acc.email,
            passwordHash,
            fechaNacimiento: acc.rol ? '1990-05-10' : '2016-03-15',
            credential: acc.rol ? `STAFF-${acc.rol.toUpperCase()}` : `ALU-${acc.nombre.toUpperCase()}`,
            phone: '5512345678',
            sexo: acc.sexo,
            avatar: acc.avatar,
            status: true,
          })
          .returning({ id: t.usuario.id });
        if (acc.rol) await tx.insert(t.rol).values({ nombre: acc.rol, descripcion: 'Cuenta de demostración', idUsuario: u!.id });
      }
      for (const [i, lvl] of seedLevels.entries()) {
        const files = levelFiles[i]!;
        const [n] = await tx
          .insert(t.nivel)
          .values({
            nombreNivel: lvl.nombre_nivel,
            descripcion: lvl.descripcion,
            dificultad: lvl.dificultad,
            imagen: files.imagen,
          })
          .returning({ id: t.nivel.idNivel });
        const bySlug = new Map<string, { id: number; es: string; sign: number | null; picture: number | null }>();
        for (const w of lvl.palabras) {
          const [p] = await tx.insert(t.palabra).values({ palabraEspanol: w.es, palabraIngles: w.en, idNivel: n!.id }).returning({ id: t.palabra.idPalabra });
          const media = files.words[w.slug] ?? [];
          const rows = media.length
            ? await tx
                .insert(t.multimedia)
                .values(media.map((m) => ({ ...m, idPalabra: p!.id })))
                .returning({ id: t.multimedia.id, url: t.multimedia.url, tipo: t.multimedia.tipo, descripcion: t.multimedia.descripcion })
            : [];
          // The same pickers as the generator and the learner screens: the sign, and the picture.
          bySlug.set(w.slug, { id: p!.id, es: w.es, sign: signMedia(rows)?.id ?? null, picture: pictureMedia(rows)?.id ?? null });
        }
        const [ev] = await tx.insert(t.evaluacion).values({ idNivel: n!.id, puntaje: lvl.puntaje }).returning({ id: t.evaluacion.idEvaluacion });
        const word = (slug: string) => {
          const w = bySlug.get(slug);
          if (!w) throw new Error(`Demo: la palabra '${slug}' no es del nivel ${lvl.slug}.`);
          return w;
        };
        const porcentaje = equalShare(lvl.preguntas.length);
        for (const q of lvl.preguntas) {
          if ('escribir' in q) {
            const w = word(q.escribir);
            const [pr] = await tx
              .insert(t.pregunta)
              .values({ pregunta: q.pregunta, tipo: TEXTO, porcentaje, idEvaluacion: ev!.id, idMultimedia: w.sign })
              .returning({ id: t.pregunta.idPregunta });
            await tx.insert(t.respuesta).values({ respuesta: w.es, valor: true, idPregunta: pr!.id });
            continue;
          }
          const w = word(q.palabra);
          const [pr] = await tx
            .insert(t.pregunta)
            .values({
              pregunta: q.pregunta ?? signQuestionText(q.modo, w.es),
              tipo: OPCION_MULTIPLE,
              porcentaje,
              idEvaluacion: ev!.id,
              idMultimedia: q.modo === 'palabra-sena' ? null : w.sign,
              idPalabra: w.id,
              modo: q.modo,
            })
            .returning({ id: t.pregunta.idPregunta });
          await tx.insert(t.respuesta).values(
            q.opciones.map((slug) => {
              const o = word(slug);
              const idMultimedia = q.modo === 'palabra-sena' ? o.sign : q.modo === 'sena-imagen' ? o.picture : null;
              return { respuesta: o.es, valor: slug === q.palabra, idPregunta: pr!.id, idMultimedia };
            }),
          );
        }
      }
      const [inst] = await tx.insert(t.institucion).values({ nombre: 'Escuela Manitas de Demostración' }).returning({ id: t.institucion.idInstitucion });
      await tx.insert(t.dominio).values({ dominio: 'manitas.test', idInstitucion: inst!.id });
      await tx.insert(t.appMeta).values({ key: SEED_KEY, value: new Date().toISOString() });
    });
  } catch (err) {
    for (const f of written) await storage.remove(f.folder, f.name);
    throw err;
  }
  return 'seeded';
}
