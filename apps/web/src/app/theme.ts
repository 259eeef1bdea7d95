import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';

/** docs/product-rules.md R29 asks for a cool grey scale: a slate ramp replaces Mantine's neutral gray. */
const slate: MantineColorsTuple = [
  '#f8fafc',
  '#f1f5f9',
  '#e2e8f0',
  '#cbd5e1',
  '#94a3b8',
  '#64748b',
  '#475569',
  '#334155',
  '#1e293b',
  '#0f172a',
];

/** The dark scheme's surfaces, tinted the same cool way so both modes feel like one product. */
const coolDark: MantineColorsTuple = [
  '#d5dbe4',
  '#b1bac8',
  // Dimmed text in dark mode: 4.5:1 and more on the raised surfaces (dark 6) and on a table row under
  // the pointer (dark 5, 4.7:1; the former #939eb0 gave 4.2:1 there).
  '#9ca7b8',
  '#626e81',
  '#414b5c',
  '#313a48',
  '#252d39',
  '#1b222c',
  '#151a23',
  '#0f131a',
];

/**
 * The product design's green (Mantine's hue), with the dark end deepened for WCAG 2.2 AA: white text on the
 * primary shade (8, #237a36) is 5.4:1, and so is that green as link text on white (Mantine's own
 * green 7 and 6 give 2.7:1 and 2.4:1). Shades 0–6 are Mantine's, so tints and dark-mode text stay.
 */
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#2f9e44',
  '#237a36',
  '#1b642c',
];

/**
 * Status colours with the same contrast rule: the primary shade 8 carries white text (filled badges)
 * and shade 9 is the text of a light badge on shade 1, both at least 4.5:1. Mantine's orange, yellow
 * and teal fall short there (3.6, 2.7 and 4.3:1), and red's light button text on its hover tint (4.3:1;
 * only its shade 9: shade 8 is red text in dark mode), so their dark end is deepened, keeping the hue.
 */
const deepened = (base: readonly string[], shade8: string, shade9: string): MantineColorsTuple => [
  ...(base.slice(0, 8) as [string, string, string, string, string, string, string, string]),
  shade8,
  shade9,
];
const orange = deepened(DEFAULT_THEME.colors.orange, '#b03d0b', '#973409');
const yellow = deepened(DEFAULT_THEME.colors.yellow, '#a85600', '#8f4a00');
const teal = deepened(DEFAULT_THEME.colors.teal, '#07704f', '#065f43');
const red = deepened(DEFAULT_THEME.colors.red, DEFAULT_THEME.colors.red[8], '#a51d1d');

export const HEADER_HEIGHT = '4rem';

export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 8, dark: 8 },
  colors: { green, orange, yellow, teal, red, gray: slate, dark: coolDark },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontFamilyMonospace: 'ui-monospace, "SF Mono", Menlo, Consolas, monospace',
  headings: { fontWeight: '650' },
  fontSizes: { xs: '0.75rem', sm: '0.8125rem', md: '0.875rem', lg: '1rem', xl: '1.125rem' },
  components: {
    // Plain objects rather than `Tooltip.extend`: importing components here would pull them into /login.
    Tooltip: { defaultProps: { openDelay: 500, withArrow: true } },
    Notification: { defaultProps: { radius: 'md' } },
    // A loader is a <span>: the name a screen says ("Loading the alert…") is only permitted on it
    // with a role (WCAG 4.1.2; axe's aria-prohibited-attr). A status needs no name where none is given.
    Loader: { defaultProps: { role: 'status' } },
    // Mantine puts a focusable role="presentation" placeholder first in every menu, which a menu may
    // not hold (axe's aria-required-children). Without it the dropdown takes focus on opening and
    // the arrow keys move into the items, as the ARIA menu pattern allows.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Every select opens its options on demand. Kept mounted (Mantine's default), each closed
    // dropdown is positioned as its page mounts, forcing a style recalculation of the whole page,
    // and drawn again with its input: the report's zone select alone is 437 options.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/**
 * Placeholders in dark mode in the dimmed text's shade (dark 2, 5:1 on an input): Mantine's dark 3
 * gave 2.6:1, too faint to read a filter's hint. A field's error (its message and the value it
 * marks) in red 9 on light (7:1; Mantine's red 6 gave 3.3:1) and red 4 on dark (6:1 on an input;
 * red 8 gave 3.1:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
