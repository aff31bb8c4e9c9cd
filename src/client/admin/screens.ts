import type { ComponentType, ReactNode } from 'react';
import type { ResourceProps } from 'react-admin';

/** A resource's screens (its admin folder's index.tsx): react-admin's Resource props. */
export type AdminScreens = Pick<ResourceProps, 'list' | 'create' | 'edit' | 'show' | 'recordRepresentation'> & {
  icon?: ComponentType;
  /** Routes under /admin/<name>/ besides list, create and edit. */
  children?: ReactNode;
};

/**
 * Every resource folder's screens, found by Vite (import.meta.glob): a new folder is a new
 * Resource in AdminApp with no list to edit. Keyed by folder name (= the declaration's name,
 * checked in registry.ts).
 */
const modules = import.meta.glob<{ default: AdminScreens }>('./resources/*/index.{ts,tsx}', { eager: true });

export const SCREENS: Record<string, AdminScreens> = Object.fromEntries(Object.entries(modules).map(([file, mod]) => [file.split('/')[2]!, mod.default]));
