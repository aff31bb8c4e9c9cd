import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { SkyBackdrop } from '../auth/SkyBackdrop';
// Types only: the declaration module carries zod, which this first screen must not download. The
// messages (CLASE_MSG) are the server's: every refusal below shows the reply's msg.
import type { ClaseEntradaWire } from '../../../shared/resources/clases';

/*
 * Small pieces drawn here rather than imported (MUI Alert, IconButton, @mui/icons-material): each of
 * those is a chunk of its own that the entry chunk of /logIn (at its 150 KB budget) would have to
 * name, see pictures.tsx. Shared by the three steps of /logIn/clase (CodeStep, NamesStep,
 * PicturesStep), each in its own file.
 */

/** Where this tablet remembers its class, so the next child starts at the names. */
export const CLASS_CODE_STORAGE = 'manitasClaseCodigo';

export type Alumno = ClaseEntradaWire['alumnos'][number];

export const ICON = {
  back: 'M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z',
  borrar:
    'M22 3H7c-.69 0-1.23.35-1.59.88L0 12l5.41 8.11c.36.53.9.89 1.59.89h15c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m-3 12.59L17.59 17 14 13.41 10.41 17 9 15.59 12.59 12 9 8.41 10.41 7 14 10.59 17.59 7 19 8.41 15.41 12z',
  // A filled circle with a cross (Material 'Cancel'): "no" at a glance, for a child who reads little.
  error:
    'M12 2C6.47 2 2 6.47 2 12s4.47 10 10 10 10-4.47 10-10S17.53 2 12 2m5 13.59L15.59 17 12 13.41 8.41 17 7 15.59 10.59 12 7 8.41 8.41 7 12 10.59 15.59 7 17 8.41 13.41 12z',
  // A filled hourglass (Material 'HourglassFull'): solid enough to read at a glance over the faded pictures.
  espera: 'M6 2v6h.01L6 8.01 10 12l-4 4 .01.01H6V22h12v-5.99h-.01L18 16l-4-4 4-3.99-.01-.01H18V2z',
  cara: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-3 9.75a1.25 1.25 0 1 1 0 2.5 1.25 1.25 0 0 1 0-2.5m6 0a1.25 1.25 0 1 1 0 2.5 1.25 1.25 0 0 1 0-2.5M12 20c-4.41 0-8-3.59-8-8 0-.29.02-.58.05-.86 2.36-1.05 4.23-2.98 5.21-5.37C11.07 8.33 14.05 10 17.42 10c.78 0 1.53-.09 2.25-.26.21.71.33 1.47.33 2.26 0 4.41-3.59 8-8 8',
} as const;

export function Icon({ d, size = 32, color = 'currentColor' }: { d: string; size?: number; color?: string }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill={color} aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

/**
 * A big, friendly message: a large icon (a red circle with a cross for an error, seen before any
 * word is read) and a short sentence, read out by screen readers (role alert).
 */
export function Message({ kind, children, id }: { kind: 'error' | 'espera'; children: ReactNode; id?: string }) {
  const error = kind === 'error';
  return (
    <Box
      role="alert"
      id={id}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        width: '100%',
        boxSizing: 'border-box',
        px: { xs: 1.5, sm: 2 },
        py: 1,
        borderRadius: '16px',
        fontSize: { xs: 18, sm: 20 },
        lineHeight: 1.3,
        fontWeight: 700,
        bgcolor: error ? '#fdecea' : '#fff4e5',
        color: error ? '#5f2120' : '#663c00',
        border: 2,
        borderColor: error ? '#f5c2c0' : '#ffd8a8',
        '& > svg': { flex: 'none', width: { xs: 48, sm: 56 }, height: { xs: 48, sm: 56 } },
      }}
    >
      <Icon d={error ? ICON.error : ICON.espera} color={error ? '#d32f2f' : '#ed6c02'} size={56} />
      <span>{children}</span>
    </Box>
  );
}

/**
 * The keyboard focus ring of this flow: the app's blue (primary), the colour a focused field has
 * everywhere else; red stays for errors only.
 */
export const FOCUS = { outline: '4px solid', outlineColor: 'primary.main', outlineOffset: 2 } as const;

/** A round button with an icon only (its name is for screen readers). */
export function RoundButton({ onClick, label, d, disabled = false }: { onClick: () => void; label: string; d: string; disabled?: boolean }) {
  return (
    <ButtonBase
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      focusRipple
      sx={{
        width: 56,
        height: 56,
        flex: 'none',
        borderRadius: '50%',
        border: 2,
        borderColor: 'divider',
        color: 'text.secondary',
        '&:hover': { bgcolor: 'action.hover' },
        '&.Mui-disabled': { opacity: 0.4 },
        '&.Mui-focusVisible': FOCUS,
      }}
    >
      <Icon d={d} />
    </ButtonBase>
  );
}

/**
 * The account screens' sky (learner/auth/AuthLayout.tsx) drawn with Box only: AuthLayout's Paper
 * would be shared with the email login and split its chunks, which /logIn pays for (see pictures.tsx).
 */
export function Sky({ children }: { children: ReactNode }) {
  return (
    <SkyBackdrop hideBelow={1100}>
      <Box
        sx={{
          position: 'relative',
          zIndex: 1,
          width: '100%',
          maxWidth: 640,
          p: { xs: 2.5, sm: 4 },
          borderRadius: '28px',
          bgcolor: 'background.paper',
          boxShadow: 6,
        }}
      >
        {children}
      </Box>
    </SkyBackdrop>
  );
}

export function avatarSrc(avatar: string | null): string | null {
  return avatar === 'girl' ? '/img/avatar-girl.svg' : avatar === 'boy' ? '/img/avatar-boy.svg' : null;
}

export function ChildAvatar({ avatar, size }: { avatar: string | null; size: number }) {
  const src = avatarSrc(avatar);
  if (src) return <Box component="img" src={src} alt="" sx={{ width: size, height: size, display: 'block' }} />;
  return (
    <Box sx={{ color: 'primary.main', display: 'flex' }}>
      <Icon d={ICON.cara} size={size} />
    </Box>
  );
}
