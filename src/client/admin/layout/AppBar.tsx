import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import InputBase from '@mui/material/InputBase';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import LogoutIcon from '@mui/icons-material/Logout';
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal } from 'react-admin';
import { useSession } from '../../auth/useSession';
import { logout } from '../../auth/logout';
import { readRole } from '../../../shared/roles';
import { canAccess } from '../canAccess';
import { avatarSrc } from '../authProvider';
import { ApiError, apiGet } from '../../api/http';
import { errorMessage, OFFLINE_MESSAGES } from '../dataProvider';
import { ADMIN_RESOURCES, adminResourceByName } from '../registry';
import { SCREENS } from '../screens';
import { listSearchUrl, orderGroups, resultHref, searchTarget, type SearchGroup } from './search';

/** The global search event the users list listens to (screens-backoffice.md B-1.1, B-4). */
export const SEARCH_USUARIO_EVENT = 'search-usuario';

type Results = { q: string; groups: SearchGroup[] } | { q: string; error: string } | { q: string; loading: true };

/** The resources whose list screen this role may open (the top-bar search's "this list" case). */
function listResources(role: ReturnType<typeof readRole>): string[] {
  return ADMIN_RESOURCES.filter((r) => SCREENS[r.decl.name]?.list && canAccess(role, { resource: r.decl.name, action: 'list' })).map((r) => r.decl.name);
}

const MENU_ORDER: Record<string, number> = Object.fromEntries(ADMIN_RESOURCES.map((r) => [r.decl.name, r.menu?.order ?? 999]));

/**
 * The top bar's search (screens-backoffice.md B-1.1; rules in search.ts). The results of a search across resources
 * show in a panel under the box, not on a page of their own: a non-modal Popper kept in the DOM
 * right after the box (disablePortal), so Tab goes from the box to the first result, the arrows
 * move between results and Escape closes the panel and returns to the box.
 */
function TopSearch() {
  const [text, setText] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const anchor = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const user = useSession();
  const role = readRole(user);
  const target = searchTarget(location.pathname, listResources(role));
  const send = (value: string) => window.dispatchEvent(new CustomEvent(SEARCH_USUARIO_EVENT, { detail: value }));

  // Only the newest search may fill the panel: an answer that arrives after a newer search started,
  // or after the screen changed, is dropped (a slow 'pájaro' must not cover 'zzzz').
  const latest = useRef(0);
  // A new screen the person moved to closes the panel (a result was opened, the menu was used, or
  // Back). A redirect (a REPLACE: /admin → /admin/inicio) does not: the router commits it as a
  // transition, which on a slow tablet lands after a search typed at once and used to drop it.
  useEffect(() => {
    if (navigationType === 'REPLACE') return;
    latest.current++;
    setResults(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the kind of the move is read as it lands, not a reason to close
  }, [location.pathname]);

  const searchAll = async (q: string) => {
    const mine = ++latest.current;
    setResults({ q, loading: true });
    try {
      const body = await apiGet<{ groups: SearchGroup[] }>('buscar', { query: { q } });
      if (mine === latest.current) setResults({ q, groups: orderGroups(body.groups, MENU_ORDER) });
    } catch (err) {
      if (mine === latest.current) setResults({ q, error: err instanceof ApiError && err.status === 0 ? OFFLINE_MESSAGES.load : errorMessage(err) });
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // What the box shows now (the typed text), even if the last keystroke's render has not landed.
    const current = input.current?.value ?? text;
    const q = current.trim();
    if (target.kind === 'usuario') send(current);
    else if (target.kind === 'list') navigate(listSearchUrl(location.pathname, location.search, q));
    else if (q) void searchAll(q);
    else setResults(null);
  };

  const links = () => Array.from(panel.current?.querySelectorAll<HTMLElement>('[data-search-result]') ?? []);
  const close = () => {
    setResults(null);
    input.current?.focus();
  };
  const onInputKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && results) {
      e.preventDefault();
      setResults(null);
    } else if (e.key === 'ArrowDown' && results) {
      const first = links()[0];
      if (first) {
        e.preventDefault();
        first.focus();
      }
    }
  };
  const onPanelKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const all = links();
    const i = all.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowUp' && i <= 0) input.current?.focus();
    else all[Math.min(all.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1))]?.focus();
  };

  return (
    <ClickAwayListener onClickAway={() => results && setResults(null)}>
      <Box sx={{ mx: { xs: 1, md: 2 }, flex: '0 1 auto', minWidth: 0 }}>
        <Box
          component="form"
          ref={anchor}
          role="search"
          onSubmit={onSubmit}
          sx={{
            display: 'flex',
            alignItems: 'center',
            bgcolor: 'rgba(255,255,255,0.18)',
            borderRadius: 999,
            px: 1.5,
            width: { xs: 140, sm: 180, md: 220, lg: 300 },
          }}
        >
          <SearchIcon aria-hidden="true" />
          <InputBase
            value={text}
            inputRef={input}
            onChange={(e) => {
              setText(e.target.value);
              // The users list filters as one types (the search-usuario event, B-4); elsewhere Enter searches.
              if (target.kind === 'usuario') send(e.target.value);
            }}
            onKeyDown={onInputKey}
            placeholder="Buscar..."
            inputProps={{
              'aria-label': 'Buscar en el panel',
              'aria-controls': results ? 'admin-search-results' : undefined,
              'aria-expanded': results ? true : undefined,
            }}
            sx={{ color: 'inherit', ml: 1, flex: 1, minWidth: 0 }}
          />
        </Box>
        <Popper open={!!results} anchorEl={anchor.current} placement="bottom-start" disablePortal sx={{ zIndex: (t) => t.zIndex.appBar + 1 }}>
          <Paper
            id="admin-search-results"
            ref={panel}
            role="region"
            aria-label="Resultados de la búsqueda"
            elevation={8}
            onKeyDown={onPanelKey}
            sx={{ mt: 1, width: { xs: 300, sm: 380 }, maxWidth: 'calc(100vw - 16px)', maxHeight: '70vh', overflowY: 'auto', color: 'text.primary' }}
          >
            {results && <SearchPanel results={results} />}
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}

/** The grouped results (Niveles, Palabras, Preguntas, Usuarios...), each a link to open it. */
function SearchPanel({ results }: { results: Results }) {
  if ('loading' in results) return <Typography sx={{ p: 2 }}>Buscando...</Typography>;
  if ('error' in results)
    return (
      <Typography role="alert" sx={{ p: 2, color: 'error.main' }}>
        {results.error}
      </Typography>
    );
  if (!results.groups.length) return <Typography sx={{ p: 2 }}>Sin resultados para «{results.q}».</Typography>;
  // The users list has no screen per user and keeps its search out of the address (its own
  // search box, B-4): a user result opens the list searching the term, as the top bar did before.
  const usersList = { to: '/admin/usuario', state: { search: results.q } };
  return (
    <Box sx={{ py: 0.5 }}>
      {results.groups.map((g) => {
        const meta = adminResourceByName(g.resource);
        const screens = SCREENS[g.resource];
        const title = meta?.menu?.label ?? g.resource;
        return (
          <List key={g.resource} dense aria-label={title} subheader={<ListSubheader sx={{ lineHeight: '32px', fontWeight: 700 }}>{title}</ListSubheader>}>
            {g.items.map((it) => (
              <ListItemButton
                key={String(it.id)}
                component={RouterLink}
                {...(g.resource === 'usuario' ? usersList : { to: resultHref(g.resource, it.id, results.q, { edit: !!screens?.edit, show: !!screens?.show }) })}
                data-search-result=""
              >
                <ListItemText primary={it.label} secondary={it.detail || undefined} slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} />
              </ListItemButton>
            ))}
            {g.more && (
              <ListItemButton
                component={RouterLink}
                {...(g.resource === 'usuario' ? usersList : { to: listSearchUrl(`/admin/${g.resource}`, '', results.q) })}
                data-search-result=""
              >
                <ListItemText primary={`Ver todos en ${title}`} slotProps={{ primary: { color: 'primary', fontWeight: 600 } }} />
              </ListItemButton>
            )}
          </List>
        );
      })}
    </Box>
  );
}

function UserBox() {
  const user = useSession();
  const navigate = useNavigate();
  const first = String(user?.nombre ?? '').split(' ')[0] || 'Invitado';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      {/* Its spinner (shown while any request runs) is a progressbar: it needs a name (axe). */}
      <LoadingIndicator aria-label="Cargando" />
      <Avatar src={avatarSrc(user?.avatar)} alt="" sx={{ width: 36, height: 36, bgcolor: 'secondary.main' }}>
        {first.charAt(0)}
      </Avatar>
      <Typography component="span" sx={{ fontWeight: 700, display: { xs: 'none', md: 'inline' } }} data-testid="admin-user-name">
        {first}
      </Typography>
      <Button
        color="inherit"
        startIcon={<LogoutIcon />}
        onClick={async () => {
          await logout();
          navigate('/logIn', { replace: true });
        }}
      >
        Cerrar sesión
      </Button>
    </Box>
  );
}

export function AdminAppBar() {
  return (
    <RaAppBar userMenu={false} toolbar={<UserBox />}>
      {/* A long title ('Evaluación y preguntas') wraps onto two lines on a tablet instead of being cut. */}
      <TitlePortal sx={{ whiteSpace: { xs: 'normal', lg: 'nowrap' }, lineHeight: 1.2, minWidth: 0 }} />
      <TopSearch />
    </RaAppBar>
  );
}
