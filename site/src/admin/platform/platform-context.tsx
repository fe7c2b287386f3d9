import { createContext, useContext, type ReactNode } from 'react';
import type { AdminPlatform } from './types';

const PlatformContext = createContext<AdminPlatform | null>(null);

export function PlatformProvider({ platform, children }: { platform: AdminPlatform; children: ReactNode }) {
  return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>;
}

export function usePlatform(): AdminPlatform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform() outside <PlatformProvider>');
  return platform;
}
