import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  '#8893a5',
  '#626e81',
  '#414b5c',
  '#313a48',
  '#252d39',
  '#1b222c',
  '#151a23',
  '#0f131a',
];

export const HEADER_HEIGHT = '4rem';

export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 7, dark: 6 },
  colors: { gray: slate, dark: coolDark },
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
  },
});
