import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { ApiError } from '../../api/http';

/** What QueryState reads of a TanStack Query result. */
interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The loading and error states of a back-office page that loads with TanStack Query: while loading,
 * `loading` and a progress bar (a polite status); on failure, the server's Spanish message (or
 * `failed` when there is none) with a button that loads again. Nothing once the data is there.
 */
export function QueryState({
  query,
  loading,
  failed,
  retry = 'Reintentar',
  show = true,
  sx,
}: {
  query: QueryLike;
  loading: string;
  failed: string;
  retry?: string;
  /** False while the page has nothing to load yet (e.g. no level chosen). */
  show?: boolean;
  sx?: { pending?: SxProps<Theme>; error?: SxProps<Theme> };
}) {
  return (
    <>
      {show && query.isPending && (
        <Box role="status" sx={sx?.pending}>
          <Typography sx={{ mb: 1 }}>{loading}</Typography>
          <LinearProgress />
        </Box>
      )}
      {query.isError && (
        <Alert
          severity="error"
          sx={sx?.error}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {retry}
            </Button>
          }
        >
          {query.error instanceof ApiError ? query.error.msg : failed}
        </Alert>
      )}
    </>
  );
}
