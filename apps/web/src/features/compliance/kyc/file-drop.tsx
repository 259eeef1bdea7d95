import { Group, Input, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import clsx from 'clsx';
import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileSize } from '../../../lib/compliance-format.ts';
import { useLanguage } from '../../../lib/language.ts';
import classes from './file-drop.module.css';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif,application/pdf';

/** A file input that also takes a dropped file; the input itself stays the keyboard's way in. */
export function FileDrop({
  file,
  onFile,
  error,
  maxBytes,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string | null;
  maxBytes: number;
}) {
  const { t } = useTranslation('compliance');
  const { locale } = useLanguage();
  const id = useId();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <Input.Wrapper label={t('customerTab.file')} labelProps={{ htmlFor: id }} error={error} required>
      <label
        htmlFor={id}
        className={clsx(classes.zone, over && classes.over, error && classes.invalid)}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="file-drop"
      >
        <Group gap="sm" wrap="nowrap">
          <IconFileUpload size={28} stroke={1.5} aria-hidden />
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {file
                ? t('customerTab.chosen', { name: file.name, size: fileSize(locale, file.size) })
                : t('customerTab.dropHere')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('customerTab.dropHint', { size: fileSize(locale, maxBytes) })}
            </Text>
          </Stack>
        </Group>
        <VisuallyHidden>
          <input
            id={id}
            type="file"
            accept={ACCEPT}
            aria-invalid={Boolean(error)}
            onChange={(e) => onFile(e.currentTarget.files?.[0] ?? null)}
            data-testid="file-input"
          />
        </VisuallyHidden>
      </label>
    </Input.Wrapper>
  );
}
