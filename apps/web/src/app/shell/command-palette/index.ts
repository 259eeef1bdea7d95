export { CommandPaletteButton } from './command-palette-button.tsx';
