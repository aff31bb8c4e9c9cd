/**
 * The seed's 'Animales' quiz as the e2e specs answer it: dog → perro (choice), bird → pájaro
 * (typed), water → pez (choice), lion → león (typed).
 */
import type { Page } from '@playwright/test';

export const card = (page: Page, name: string) => page.getByTestId('question-card').filter({ hasText: name });
export const DOG = "¿Cómo se dice 'dog' en español?";
export const BIRD = "Escribe en español la palabra 'bird'.";
export const WATER = '¿Qué animal vive en el agua?';
export const LION = "¿Cómo se dice 'lion' en español? Escríbelo.";
