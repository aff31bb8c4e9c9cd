/** @jsxRuntime classic */
// Classic JSX (React.createElement): react/jsx-runtime imported here would split it into a chunk of its own on /logIn's first visit.
/**
 * What the app adds for offline use (screens-learner.md L-1.4), loaded after the page's load event when there is
 * something to do (AfterLoad.tsx): claims the offline caches for the signed-in user, and shows the "Sin conexión" banner and the "Nueva versión disponible" prompt.
 * On the child's screens they take their own room at the top of the page, in its flow, and push it
 * down: pinned over the page they covered the controls under them ('Empezar' on /home, the quiz's
 * fields), and the rule of the learner screens is that nothing lies over a control. The back office
 * keeps them pinned to the bottom: its app bar is fixed at the top, over anything placed there.
 * Plain elements and an inline icon here, no MUI: it also shows on the login screens (offline), and
 * sharing MUI modules with them would split those into extra chunks of their first visit.
 */
import React, { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { useOnline } from './useOnline';
import { offlineMessage } from './messages';
import { claimOfflineCachesFor } from './caches';
import { subscribeUpdate, updateWaiting, applyUpdate, setUpdateWaiting } from './updateState';
import { watchUpdates } from './updates';

import UpdatePrompt from './UpdatePrompt';

const BANNER: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  padding: '10px 16px',
  borderRadius: 12,
  background: '#fff8e1',
  color: '#1d1a3a',
  border: '2px solid #b35c00',
  boxShadow: '0 3px 8px rgba(29, 26, 58, 0.25)',
  fontSize: '1.05rem',
  fontWeight: 700,
  lineHeight: 1.4,
  pointerEvents: 'auto',
  boxSizing: 'border-box',
};

/** Material's "cloud off" icon (the same drawing as @mui/icons-material/CloudOff). */
const CloudOff = () => (
  <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="32" height="32" style={{ flexShrink: 0, fill: '#b35c00' }}>
    <path d="M19.35 10.04C18.67 6.59 15.64 4 12 4c-1.48 0-2.85.43-4.01 1.17l1.46 1.46C10.21 6.23 11.08 6 12 6c3.04 0 5.5 2.46 5.5 5.5v.5H19c1.66 0 3 1.34 3 3 0 1.13-.64 2.11-1.56 2.62l1.45 1.45C23.16 18.16 24 16.68 24 15c0-2.64-2.05-4.78-4.65-4.96M3 5.27l2.75 2.74C2.56 8.15 0 10.77 0 14c0 3.31 2.69 6 6 6h11.73l2 2L21 20.73 4.27 4zM7.73 10l8 8H6c-2.21 0-4-1.79-4-4s1.79-4 4-4z" />
  </svg>
);

function OfflineBanner() {
  const online = useOnline();
  const { pathname } = useLocation();
  if (online) return null;
  return (
    <div role="status" data-testid="offline-banner" style={BANNER}>
      <CloudOff />
      <span>{offlineMessage(pathname)}</span>
    </div>
  );
}

/** The signed-in user's id as the session stores it (read directly: no session module in this chunk). */
function storedUserId(): string | null {
  try {
    return localStorage.getItem('token') ? localStorage.getItem('userId') : null;
  } catch {
    return null;
  }
}

/**
 * The back office's layer covers the screen's bottom while it shows something: the page's end
 * scrolls above it (padding under <body>), so nothing stays hidden under it for good.
 */
function useBottomLayerRoom(ref: React.RefObject<HTMLDivElement | null>, pinned: boolean) {
  useEffect(() => {
    const el = ref.current;
    if (!pinned || !el || typeof ResizeObserver === 'undefined') return;
    const body = document.body.style;
    const before = body.paddingBottom;
    const observer = new ResizeObserver(() => {
      const h = el.getBoundingClientRect().height;
      // 12 px: the layer's own padding above what it shows.
      body.paddingBottom = h <= 0 ? before : `${Math.ceil(h) + 12}px`;
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      body.paddingBottom = before;
    };
  }, [ref, pinned]);
}

/**
 * The element the child's screens show the layer in: the first thing in <body>, before the app's
 * root, so what the layer shows takes its room above the page (a portal: the layer is mounted at
 * the app's end, after the page it belongs to).
 */
function useTopHost(): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const el = document.createElement('div');
    el.setAttribute('data-testid', 'offline-layer-top');
    document.body.insertBefore(el, document.body.firstChild);
    setHost(el);
    return () => el.remove();
  }, []);
  return host;
}

export default function OfflineLayer() {
  const waiting = useSyncExternalStore(subscribeUpdate, updateWaiting, () => false);
  const shown = useRef<HTMLDivElement>(null);
  const pinned = /^\/admin(\/|$)/.test(useLocation().pathname);
  useBottomLayerRoom(shown, pinned);
  const top = useTopHost();
  const online = useOnline();
  useEffect(() => {
    void watchUpdates(setUpdateWaiting);
    const id = storedUserId();
    if (id) void claimOfflineCachesFor(id);
  }, []);
  if (!pinned) {
    if (!top) return null;
    return createPortal(
      <div style={{ display: 'flex', justifyContent: 'center', padding: waiting || !online ? '8px 12px' : 0 }}>
        <div ref={shown} style={{ maxWidth: 720, width: '100%', display: 'flex', flexDirection: 'column', gap: 8 }}>
          <UpdatePrompt open={waiting} onUpdate={applyUpdate} />
          <OfflineBanner />
        </div>
      </div>,
      top,
    );
  }
  return (
    <div
      style={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 1400,
        padding: 12,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 8,
        // The layer lets touches through; only its banner and prompt take them.
        pointerEvents: 'none',
      }}
    >
      <div ref={shown} style={{ maxWidth: 720, width: '100%', display: 'flex', flexDirection: 'column', gap: 8 }}>
        <UpdatePrompt open={waiting} onUpdate={applyUpdate} />
        <OfflineBanner />
      </div>
    </div>
  );
}
