import { ActionIcon, Alert, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contentReady } from '../../../../components/content-ready.ts';
import { useViewTransform } from './view-transform.ts';
import classes from './viewer.module.css';
import { ViewToolbar, ZoomStage } from './zoom-stage.tsx';

// This module is the viewer's own chunk (document-view.tsx loads it lazily): pdf.js and its worker
// are fetched only when a PDF is opened, never with the rest of the app.
GlobalWorkerOptions.workerSrc = workerUrl;

/** A PDF document, one page at a time, drawn by pdf.js with scripting and eval off. */
export default function PdfView({ bytes, label }: { bytes: ArrayBuffer; label: string }) {
  const { t } = useTranslation('compliance');
  const view = useViewTransform();
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const [page, setPage] = useState<PDFPageProxy | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    // pdf.js takes the buffer over (transfers it to the worker): give it a copy.
    const task = getDocument({ data: bytes.slice(0), isEvalSupported: false, enableXfa: false });
    let alive = true;
    task.promise.then(
      (loaded) => alive && setPdf(loaded),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
      void task.destroy();
    };
  }, [bytes]);

  useEffect(() => {
    if (!pdf) return;
    let alive = true;
    pdf.getPage(pageNumber).then(
      (loaded) => alive && setPage(loaded),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [pdf, pageNumber]);

  const natural = page ? page.getViewport({ scale: 1 }) : undefined;
  const content = natural ? { width: natural.width, height: natural.height } : { width: 0, height: 0 };

  if (failed) return <Alert color="yellow">{t('viewer.cannotRender')}</Alert>;
  if (!pdf || !page) return <Loader m="xl" aria-label={t('viewer.loading')} />;

  const pages = pdf.numPages;
  const pageLabel = t('viewer.pageOf', { page: pageNumber, pages });
  const pageControls = (
    <Group gap={4} wrap="nowrap" ml="sm">
      <Tooltip label={t('viewer.previousPage')} withArrow>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('viewer.previousPage')}
          disabled={pageNumber <= 1}
          onClick={() => setPageNumber((n) => n - 1)}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
      </Tooltip>
      <Text size="sm" data-testid="viewer-page" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
        {pageLabel}
      </Text>
      <Tooltip label={t('viewer.nextPage')} withArrow>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('viewer.nextPage')}
          disabled={pageNumber >= pages}
          onClick={() => setPageNumber((n) => n + 1)}
          data-testid="viewer-next-page"
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  return (
    <div className={classes.viewer}>
      <ViewToolbar view={view} extra={pageControls} />
      <ZoomStage view={view} content={content} label={label}>
        {(size) => (
          <PdfPageCanvas
            page={page}
            canvas={canvas}
            rotation={view.rotation}
            size={size}
            label={`${label}, ${pageLabel}`}
          />
        )}
      </ZoomStage>
    </div>
  );
}

/** Draws one page at the size it is shown (times the screen's pixel ratio, so text stays sharp). */
function PdfPageCanvas({
  page,
  canvas,
  rotation,
  size,
  label,
}: {
  page: PDFPageProxy;
  canvas: React.RefObject<HTMLCanvasElement | null>;
  rotation: number;
  size: { width: number; height: number; scale: number };
  label: string;
}) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    const ratio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({
      scale: size.scale * ratio,
      rotation: (page.rotate + rotation) % 360,
    });
    target.width = Math.floor(viewport.width);
    target.height = Math.floor(viewport.height);
    setDrawn(false);
    const task = page.render({ canvas: target, viewport });
    task.promise.then(
      () => setDrawn(true),
      () => {},
    );
    return () => task.cancel();
  }, [page, canvas, rotation, size.scale]);
  return (
    <canvas
      ref={canvas}
      className={classes.page}
      style={{ width: size.width, height: size.height }}
      role="img"
      aria-label={label}
      data-testid="viewer-pdf-page"
      data-drawn={drawn}
      {...contentReady(drawn)}
    />
  );
}
