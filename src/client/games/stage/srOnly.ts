/** Visually hidden, still read (and in textContent): the chip's words on a phone. */
export const srOnly = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
