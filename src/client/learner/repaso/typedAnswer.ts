/**
 * The typed-answer rule of the review session (screens-learner.md L-10.2), in a module of its own so that only the
 * session screen brings the games' folding (keeps /home's and the entry chunk's file lists short).
 * The rule itself is shared with the server, which grades the answer it receives.
 */
export { sameTypedWord } from '../../../shared/rules/reviewAnswer';
