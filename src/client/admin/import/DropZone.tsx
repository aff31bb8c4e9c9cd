import { useDropzone } from 'react-dropzone';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';

/**
 * Where files are dropped, or picked with the keyboard (Tab, then Enter or Space) or a click. Takes
 * anything: a file the import cannot use is listed with its reason instead of vanishing.
 */
export function DropZone({ onFiles, disabled, compact }: { onFiles: (files: File[]) => void; disabled?: boolean; compact?: boolean }) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (accepted) => {
      if (accepted.length) onFiles(accepted);
    },
    disabled,
    multiple: true,
  });
  return (
    <Box
      {...getRootProps({
        role: 'button',
        'aria-label': 'Elegir un zip o archivos para importar',
        'aria-describedby': 'importar-ayuda',
        'aria-disabled': disabled || undefined,
      })}
      data-testid="importar-dropzone"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: isDragActive ? 'primary.main' : 'divider',
        bgcolor: isDragActive ? 'action.hover' : 'background.paper',
        borderRadius: 2,
        px: 2,
        py: compact ? 1.5 : 4,
        display: 'flex',
        flexDirection: compact ? 'row' : 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: compact ? 1.5 : 1,
        textAlign: 'center',
        cursor: disabled ? 'default' : 'pointer',
        opacity: disabled ? 0.6 : 1,
        outline: 'none',
        '&:focus-visible': { boxShadow: (t) => `0 0 0 3px ${t.palette.primary.main}` },
      }}
    >
      <input {...getInputProps()} />
      <CloudUploadIcon color="primary" sx={{ fontSize: compact ? 28 : 44 }} aria-hidden />
      <Box>
        <Typography fontWeight={600}>
          {isDragActive ? 'Suelta los archivos aquí' : compact ? 'Añadir más archivos' : 'Arrastra aquí un .zip o los archivos'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          o pulsa para elegirlos · GIF, MP4, WEBM, JPG, PNG, MP3, OGG, WAV, M4A · hasta 25 MB cada uno
        </Typography>
      </Box>
    </Box>
  );
}
