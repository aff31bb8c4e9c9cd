import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** /errorPage: the 404 page (its texts are in English: screens-learner.md L-8). */
export default function NotFound() {
  return (
    <Box
      component="main"
      lang="en"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', gap: 3, p: 3 }}
    >
      <Typography variant="h3" component="h1">
        404 - Page Not Found
      </Typography>
      <Typography variant="h6" component="p">
        Sorry, the page you are looking for does not exist.
      </Typography>
      <Button component={RouterLink} to="/logIn" variant="contained" size="large">
        Go Back Home
      </Button>
    </Box>
  );
}
