/** @jsxRuntime classic */
// Classic JSX (React.createElement): react/jsx-runtime imported here would split it into a chunk of its own on /logIn's first visit.
/**
 * "Nueva versión disponible" (screens-learner.md L-1.4): shown on every screen when a new version of the app is
 * installed and waiting; "Actualizar" switches to it and reloads (updateState.ts, register.ts).
 * Plain elements like the offline banner (OfflineLayer.tsx): MUI here would re-split the MUI chunks
 * the login screen downloads on its first visit.
 */
import React, { useState } from 'react';

const UPDATE_MSG = 'Nueva versión disponible';

export default function UpdatePrompt({ open, onUpdate }: { open: boolean; onUpdate: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  if (!open) return null;
  return (
    <div
      role="alert"
      data-testid="update-prompt"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '10px 12px 10px 16px',
        borderRadius: 12,
        background: '#3322cc',
        color: '#fff',
        boxShadow: '0 3px 8px rgba(29, 26, 58, 0.3)',
        fontSize: '1.05rem',
        fontWeight: 700,
        pointerEvents: 'auto',
      }}
    >
      {/* Material's "system update" icon. */}
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="28" height="28" style={{ flexShrink: 0, fill: '#fff' }}>
        <path d="M17 1.01 7 1c-1.1 0-1.99.9-1.99 2v18c0 1.1.89 2 1.99 2h10c1.1 0 2-.9 2-2V3c0-1.1-.9-1.99-2-1.99M17 19H7V5h10zm-1-6h-3V8h-2v5H8l4 4z" />
      </svg>
      <span style={{ flexGrow: 1 }}>{UPDATE_MSG}</span>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onUpdate().finally(() => setBusy(false));
        }}
        style={{
          minHeight: 44,
          padding: '6px 18px',
          borderRadius: 999,
          border: 'none',
          background: '#fff',
          color: '#3322cc',
          font: 'inherit',
          fontWeight: 800,
          cursor: 'pointer',
        }}
      >
        Actualizar
      </button>
    </div>
  );
}
