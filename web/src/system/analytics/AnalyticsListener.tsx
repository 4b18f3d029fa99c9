/**
 * Sends a page hit on every route change (spec chat-and-shell §4 "A page hit is sent on every route change where the
 * full path differs, with the previous path as referrer"). Mounted once at the router's root (ShellRoot); renders
 * nothing and imports no UI library.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { fullPathOf, trackPageView } from './analytics';

export function AnalyticsListener({ track = trackPageView }: { track?: (fullPath: string) => void }) {
  const location = useLocation();
  const fullPath = fullPathOf(location);
  useEffect(() => track(fullPath), [fullPath, track]);
  return null;
}
