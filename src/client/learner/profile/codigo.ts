import { CLASS_CODE_LENGTH, normalizeClassCode } from '../../../shared/rules/classes';

/**
 * The class code as the child types it into /perfil's 'Unirme a una clase': upper case, spaces and
 * dashes dropped as they type (a code read off the board as "KMN-PTR" works), cut at 6 characters.
 */
export const codigoEscrito = (raw: string) => normalizeClassCode(raw).slice(0, CLASS_CODE_LENGTH);
