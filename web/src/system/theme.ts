/**
 * Chakra UI system of the app. Breakpoints follow spec chat §9: mobile up to 767 px, tablet 768–1279 px,
 * desktop from 1280 px. The names `tablet` and `desktop` are added to the theme; because Chakra's TS
 * types for custom tokens need `chakra typegen`, components use the equal built-in keys instead:
 * `md` (768 px) = tablet and up, `xl` (1280 px) = desktop and up. Do not change md or xl.
 */
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

export const BREAKPOINTS = {
  /** First width of the tablet range (mobile is below). */
  tablet: 768,
  /** First width of the desktop range. */
  desktop: 1280,
} as const;

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'gray.50', color: 'gray.900' },
  },
  theme: {
    breakpoints: {
      sm: '480px',
      md: `${BREAKPOINTS.tablet}px`,
      lg: '1024px',
      xl: `${BREAKPOINTS.desktop}px`,
      '2xl': '1536px',
      tablet: `${BREAKPOINTS.tablet}px`,
      desktop: `${BREAKPOINTS.desktop}px`,
    },
    tokens: {
      fonts: {
        heading: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        body: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
