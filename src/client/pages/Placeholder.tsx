import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A guarded screen whose content a later issue builds. */
export default function Placeholder({ title }: { title: string }) {
  return (
    <Box component="main" sx={{ p: 4 }}>
      <Typography variant="h4" component="h1">{title}</Typography>
    </Box>
  );
}
