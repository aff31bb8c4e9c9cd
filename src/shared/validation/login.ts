/**
 * The login form's own message (docs/product/screens-learner.md L-2). A module of its own: the login screen,
 * the first download of most visits, does not pull in the registration rules for one sentence.
 */
export const LOGIN_REQUIRED_MSG = 'Todos los campos son obligatorios';
