/**
 * The app's one tooltip (Chakra UI 3 Tooltip) with the defaults of spec chat-and-shell §9 "Tooltip defaults: show delay
 * 200 ms, distance 5, dispose time-out 150 ms, menu hide delay 400 ms" — the constants live here only:
 * - `kind="tooltip"` (default): opens 200 ms after the pointer or focus arrives, sits 5 px from its trigger, and is
 *   removed 150 ms after the pointer leaves (closeDelay; the content is unmounted once closed);
 * - `kind="menu"`: a hover menu whose content can be pointed at (interactive), opening at once and hiding 400 ms after
 *   the pointer has left trigger and content.
 * The trigger is the single child (asChild), so an icon button keeps its own element; `content` is the text.
 * A tooltip is never the only label: give icon-only buttons an aria-label as well.
 */
import { Portal, Tooltip as ChakraTooltip } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

/** The tooltip constants of spec chat-and-shell §9 (milliseconds and pixels). */
export const TOOLTIP_DEFAULTS = {
  /** Show delay, ms. */
  showDelayMs: 200,
  /** Distance from the trigger, px. */
  distancePx: 5,
  /** Dispose time-out: how long a tooltip stays after the pointer leaves, ms. */
  disposeTimeoutMs: 150,
  /** Hide delay of a hover menu, ms. */
  menuHideDelayMs: 400,
} as const;

/** Kinds of popover this component renders. */
export type TooltipKind = 'tooltip' | 'menu';

/** The Chakra Tooltip.Root props of a kind (the §9 defaults). */
export function tooltipRootProps(kind: TooltipKind = 'tooltip') {
  const positioning = { offset: { mainAxis: TOOLTIP_DEFAULTS.distancePx } };
  return kind === 'menu'
    ? {
        openDelay: 0,
        closeDelay: TOOLTIP_DEFAULTS.menuHideDelayMs,
        interactive: true,
        positioning,
        lazyMount: true,
        unmountOnExit: true,
      }
    : {
        openDelay: TOOLTIP_DEFAULTS.showDelayMs,
        closeDelay: TOOLTIP_DEFAULTS.disposeTimeoutMs,
        interactive: false,
        positioning,
        lazyMount: true,
        unmountOnExit: true,
      };
}

export interface TooltipProps {
  /** What the tooltip shows. */
  content: ReactNode;
  /** The trigger: one element that takes a ref (a button, a link, an icon wrapper). */
  children: ReactElement;
  kind?: TooltipKind;
  /** Nothing is shown when true (e.g. the text is already visible). */
  disabled?: boolean;
  /** Arrow towards the trigger (default shown). */
  showArrow?: boolean;
}

export function Tooltip({ content, children, kind = 'tooltip', disabled, showArrow = true }: TooltipProps) {
  if (disabled) return children;
  return (
    <ChakraTooltip.Root {...tooltipRootProps(kind)}>
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>
            {showArrow && (
              <ChakraTooltip.Arrow>
                <ChakraTooltip.ArrowTip />
              </ChakraTooltip.Arrow>
            )}
            {content}
          </ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
