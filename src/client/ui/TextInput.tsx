import { useId, type ChangeEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

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
 * An outlined text field with a floating label: the same markup and look as MUI's <TextField>
 * (FormControl > InputLabel > OutlinedInput), without the Select, Menu and Popover that TextField
 * always bundles — used where the first visit must stay small (the login screen).
 */
export default function TextInput({ label, id, required, disabled, ...input }: TextInputProps) {
  const auto = useId();
  const inputId = id ?? `ti-${auto.replace(/:/g, '')}`;
  return (
    <FormControl fullWidth variant="outlined" disabled={disabled} required={required}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput id={inputId} label={label} {...input} />
    </FormControl>
  );
}
