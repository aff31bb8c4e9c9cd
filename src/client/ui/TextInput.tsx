import { useId, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';

export interface TextInputProps {
  label: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  name?: string;
  autoComplete?: string;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  id?: string;
}

/**
 * A text field of the account screens (/logIn, /recuperar-password, /restablecer-password): its
 * label above it, always in view (a child who reads slowly never sees it move), and a native
 * <input> with the theme's outline, focus and disabled looks. Written with Box, not MUI's
 * OutlinedInput/FormControl: those bring ~9 KB of gzipped JS (InputBase, the floating label's
 * machinery) to the first visit of /logIn, whose budget is 150 KB (docs/performance.md).
 */
export default function TextInput({ label, id, required, disabled, ...input }: TextInputProps) {
  const auto = useId();
  const inputId = id ?? `ti-${auto.replace(/:/g, '')}`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, width: '100%' }}>
      <Box component="label" htmlFor={inputId} sx={{ fontWeight: 700, color: disabled ? 'text.disabled' : 'text.primary' }}>
        {label}
        {required && <span aria-hidden="true">&thinsp;*</span>}
      </Box>
      <Box
        component="input"
        id={inputId}
        disabled={disabled}
        required={required}
        {...input}
        sx={(t) => ({
          font: 'inherit',
          fontSize: '1rem',
          color: 'text.primary',
          bgcolor: 'background.paper',
          minHeight: 48,
          boxSizing: 'border-box',
          width: '100%',
          px: 1.75,
          py: 1.5,
          border: '1px solid rgba(0, 0, 0, 0.42)',
          borderRadius: `${t.shape.borderRadius}px`,
          outline: 'none',
          '&:hover:not(:disabled)': { borderColor: t.palette.text.primary },
          '&:focus-visible, &:focus': { borderColor: t.palette.primary.main, boxShadow: `0 0 0 2px ${t.palette.primary.main}` },
          '&:disabled': { color: t.palette.text.disabled, bgcolor: t.palette.action.disabledBackground, cursor: 'not-allowed' },
          '&::placeholder': { color: t.palette.text.secondary, opacity: 1 },
        })}
      />
    </Box>
  );
}
