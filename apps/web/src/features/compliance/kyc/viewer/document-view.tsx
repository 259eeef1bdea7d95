import { Alert, Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/errors.ts';
import { ImageView } from './image-view.tsx';
import { useDocumentBytes } from './use-document-bytes.ts';

// pdf.js (~400 KB and a worker) is loaded only when a PDF is opened.
const PdfView = lazy(() => import('./pdf-view.tsx'));

/** One stored document, fetched through the authorised content endpoint and drawn by its type. */
export function DocumentView({
  url,
  contentType,
  label,
}: {
  url: string;
  contentType: string;
  label: string;
}) {
  const { t } = useTranslation('compliance');
  const file = useDocumentBytes(url);
  const loading = (
    <Center h="100%">
      <Loader aria-label={t('viewer.loading')} />
    </Center>
  );
  if (file.isError) return <Alert color="red">{errorText(file.error)}</Alert>;
  if (!file.data) return loading;
  if (contentType === 'application/pdf')
    return (
      <Suspense fallback={loading}>
        <PdfView key={url} bytes={file.data.bytes} label={label} />
      </Suspense>
    );
  return <ImageView key={url} src={file.data.objectUrl} label={label} />;
}
