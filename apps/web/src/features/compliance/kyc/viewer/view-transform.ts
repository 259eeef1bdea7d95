import { useCallback, useState } from 'react';

export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 5;
const STEP = 1.25;

/** Zoom (1 = fit the stage) and rotation in quarter turns of one document on screen. */
export interface ViewTransform {
  zoom: number;
  rotation: 0 | 90 | 180 | 270;
  zoomIn: () => void;
  zoomOut: () => void;
  rotate: (direction: 1 | -1) => void;
  reset: () => void;
}

const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

export function useViewTransform(): ViewTransform {
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState<ViewTransform['rotation']>(0);
  return {
    zoom,
    rotation,
    zoomIn: useCallback(() => setZoom((z) => clampZoom(z * STEP)), []),
    zoomOut: useCallback(() => setZoom((z) => clampZoom(z / STEP)), []),
    rotate: useCallback(
      (direction: 1 | -1) =>
        setRotation((r) => ((r + direction * 90 + 360) % 360) as ViewTransform['rotation']),
      [],
    ),
    reset: useCallback(() => {
      setZoom(1);
      setRotation(0);
    }, []),
  };
}

/** The size a content box of `width` × `height` takes once rotated, zoomed and fitted into the stage. */
export function fittedSize(
  content: { width: number; height: number },
  stage: { width: number; height: number },
  rotation: number,
  zoom: number,
): { width: number; height: number; scale: number } {
  const sideways = rotation % 180 !== 0;
  const width = sideways ? content.height : content.width;
  const height = sideways ? content.width : content.height;
  if (!width || !height || !stage.width || !stage.height) return { width: 0, height: 0, scale: 0 };
  const scale = Math.min(stage.width / width, stage.height / height) * zoom;
  return { width: width * scale, height: height * scale, scale };
}
