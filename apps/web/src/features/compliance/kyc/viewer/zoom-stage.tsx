import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  IconRotate2,
  IconRotateClockwise2,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../lib/language.ts';
import { fittedSize, MAX_ZOOM, MIN_ZOOM, type ViewTransform } from './view-transform.ts';
import classes from './viewer.module.css';

const PAN_STEP = 60;

/** Zoom and rotation buttons of the viewer; `extra` holds a PDF's page controls. */
export function ViewToolbar({ view, extra }: { view: ViewTransform; extra?: ReactNode }) {
  const { t } = useTranslation('compliance');
  const { locale } = useLanguage();
  const button = (label: string, onClick: () => void, icon: ReactNode, disabled = false) => (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick} disabled={disabled}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap={6} data-testid="viewer-toolbar">
      {button(t('viewer.zoomOut'), view.zoomOut, <IconZoomOut size={18} />, view.zoom <= MIN_ZOOM)}
      <Text size="sm" w={52} ta="center" aria-live="polite" data-testid="viewer-zoom">
        {new Intl.NumberFormat(locale, { style: 'percent' }).format(view.zoom)}
      </Text>
      {button(t('viewer.zoomIn'), view.zoomIn, <IconZoomIn size={18} />, view.zoom >= MAX_ZOOM)}
      {button(t('viewer.rotateLeft'), () => view.rotate(-1), <IconRotate2 size={18} />)}
      {button(t('viewer.rotateRight'), () => view.rotate(1), <IconRotateClockwise2 size={18} />)}
      {button(t('viewer.reset'), view.reset, <IconZoomReset size={18} />)}
      {extra}
    </Group>
  );
}

/**
 * The area a document is shown in: the content is fitted to it, then zoomed; a zoomed document scrolls
 * (scroll bars, a drag with the pointer, or the arrow keys while the area has focus).
 */
export function ZoomStage({
  view,
  content,
  label,
  children,
}: {
  view: ViewTransform;
  /** The content's own size, before rotation; 0 × 0 until known. */
  content: { width: number; height: number };
  /** What the area shows, for assistive technology. */
  label: string;
  children: (size: { width: number; height: number; scale: number }) => ReactNode;
}) {
  const { ref, width, height } = useElementSize<HTMLElement>();
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const size = fittedSize(content, { width, height }, view.rotation, view.zoom);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    const stage = event.currentTarget;
    if (event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY, left: stage.scrollLeft, top: stage.scrollTop };
    stage.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const start = drag.current;
    if (!start) return;
    event.currentTarget.scrollLeft = start.left - (event.clientX - start.x);
    event.currentTarget.scrollTop = start.top - (event.clientY - start.y);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-PAN_STEP, 0],
      ArrowRight: [PAN_STEP, 0],
      ArrowUp: [0, -PAN_STEP],
      ArrowDown: [0, PAN_STEP],
    };
    const move = moves[event.key];
    if (!move) return;
    // Inside the stage the arrows pan; the review's own "→ next" is for when the stage is not focused.
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.scrollBy({ left: move[0], top: move[1] });
  };

  return (
    <section
      ref={ref}
      className={classes.stage}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      aria-label={label}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => {
        drag.current = null;
      }}
      onPointerCancel={() => {
        drag.current = null;
      }}
      onKeyDown={onKeyDown}
      data-testid="viewer-stage"
    >
      <div className={classes.canvas} style={{ width: size.width, height: size.height }}>
        {size.scale > 0 && children(size)}
      </div>
    </section>
  );
}
