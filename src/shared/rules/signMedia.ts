/**
 * Which media of a word is its sign: the one picker for every screen that shows a sign (level menu,
 * word detail, games, the sign quizzes, the server's seed). Pure, unit-tested in tests/unit/signMedia.test.ts.
 *
 * Order: the `gifSena` entry; else a video; else a GIF that is not the menu GIF. A video is taken
 * before a loose GIF because a video only ever fits the sign slot (mediaSlots.ts), while a GIF may
 * be an animated picture; `gifmenu` is a picture of the thing, never a sign. Descriptions and
 * tipos are compared trimmed and case-insensitively (data typed by hand in the back office). The
 * tipo alone says "video": an M4A audio is stored as `.mp4`, so the URL cannot.
 */

/** The fields the pickers read (the wire's MultimediaWire, or a looser game-side reply). */
export interface MediaLike {
  tipo?: string | null;
  descripcion?: string | null;
  url?: string | null;
}

const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/** The first media with this descripcion (trimmed, case-insensitive), or null. */
export function mediaBy<T extends MediaLike>(list: readonly T[], descripcion: string): T | null {
  const d = norm(descripcion);
  return list.find((m) => norm(m.descripcion) === d) ?? null;
}

/** The sign to show, or null when the word has none (the screens then say so). */
export function signMedia<T extends MediaLike>(list: readonly T[]): T | null {
  return (
    mediaBy(list, 'gifSena') ??
    list.find((m) => norm(m.tipo) === 'video') ??
    list.find((m) => norm(m.tipo) === 'gif' && norm(m.descripcion) !== 'gifmenu') ??
    null
  );
}
