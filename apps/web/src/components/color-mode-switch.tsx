import { useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ColorModePreference, toMantineScheme, toPreference } from '../lib/color-mode.ts';
import { SegmentedSwitch } from './segmented-switch.tsx';

const ICONS = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop } as const;
const MODES: ColorModePreference[] = ['light', 'dark', 'system'];

/** Light, dark or system (docs/product-rules.md R27); Mantine persists the choice through lib/color-mode.ts. */
export function ColorModeSwitch() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const options = MODES.map((mode) => {
    const Icon = ICONS[mode];
    return { value: mode, label: <Icon size={15} stroke={1.8} aria-hidden />, name: t(`colorMode.${mode}`) };
  });
  return (
    <SegmentedSwitch
      value={toPreference(colorScheme)}
      options={options}
      onChange={(mode) => setColorScheme(toMantineScheme(mode) ?? 'auto')}
      label={t('colorMode.label')}
      testId="color-mode-switch"
    />
  );
}
