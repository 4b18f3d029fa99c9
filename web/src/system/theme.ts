/**
 * Chakra UI system of the app. Breakpoints follow spec chat §9: mobile up to 767 px, tablet 768–1279 px,
 * desktop from 1280 px. The names `tablet` and `desktop` are added to the theme; because Chakra's TS
 * types for custom tokens need `chakra typegen`, components use the equal built-in keys instead:
 * `md` (768 px) = tablet and up, `xl` (1280 px) = desktop and up. Do not change md or xl.
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

export const BREAKPOINTS = {
  /** First width of the tablet range (mobile is below). */
  tablet: 768,
  /** First width of the desktop range. */
  desktop: 1280,
} as const;

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'gray.50', color: 'gray.900' },
    // Users who ask their system for less motion (WCAG 2.3.3) get dialogs, menus, drawers, toasts and tooltips without
    // their open/close animations and transitions: shown and hidden at once. The end of the (0.01 ms) animation still
    // fires, so closing parts unmount as usual. The browser tests run with reduced motion too (tests/support/browser.ts).
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationDelay: '0s !important',
        // Once: an endless animation (a spinner) at that speed would repaint without pause.
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        transitionDelay: '0s !important',
        scrollBehavior: 'auto !important',
      },
    },
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

/**
 * Chakra UI's default theme (tokens, semantic tokens, text/layer/animation styles, keyframes, global CSS) with only the
 * recipes of the components the app uses (issue 13 "Fast first load": all of Chakra's recipes are about a third of the
 * account areas' first-load JavaScript). A component whose recipe is missing renders unstyled, so the web build checks
 * that every bundled Chakra component finds its recipe here (web/vite.config.ts `chakraRecipesCheck`).
 */
const theme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

/** The one Chakra system of the app (created once, here). */
export const system = createSystem(defaultBaseConfig, theme, config);
