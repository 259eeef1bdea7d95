import type { KycDocumentRow } from '@backdesk/contract';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fileSize } from '../../../../lib/compliance-format.ts';
import { useLanguage } from '../../../../lib/language.ts';
import { formatDateTime } from '../../../../lib/locale-format.ts';
import { Field } from './profile-card.tsx';

/** What the stored file is: its name, type (decided by its bytes), size, hash and who brought it in. */
export function FileDetails({ document: d }: { document: KycDocumentRow }) {
  const { t } = useTranslation('compliance');
  const { locale } = useLanguage();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="file-details">
      <Title order={3} fz="sm" mb="xs">
        {t('viewer.fileDetails')}
      </Title>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        <Field label={t('docs.columns.file')}>{d.file_name}</Field>
        <Field label={t('viewer.contentType')}>
          {d.content_type} · {fileSize(locale, d.size_bytes)}
        </Field>
        <Field label={t('viewer.uploadedBy')}>
          {d.uploaded_by?.display_name ?? t(`channels.${d.channel}`)}
        </Field>
        <Field label={t('docs.columns.uploaded')}>{formatDateTime(locale, d.uploaded_at)}</Field>
        <Field label={t('viewer.sha256')} wide>
          <Text size="xs" ff="monospace">
            {d.sha256}
          </Text>
        </Field>
      </SimpleGrid>
    </Card>
  );
}
