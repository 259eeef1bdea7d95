import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contentReady } from '../../../../components/content-ready.ts';
import { useViewTransform } from './view-transform.ts';
import classes from './viewer.module.css';
import { ViewToolbar, ZoomStage } from './zoom-stage.tsx';

/** An image document from a blob URL: zoom, quarter-turn rotation and pan. */
export function ImageView({ src, label }: { src: string; label: string }) {
  const view = useViewTransform();
  const { t } = useTranslation('compliance');
  const [natural, setNatural] = useState({ width: 0, height: 0 });
  const [failed, setFailed] = useState(false);
  // HEIC, say, is accepted from phones but no browser draws it.
  if (failed) return <Alert color="yellow">{t('viewer.cannotRender')}</Alert>;
  return (
    // Drawn once the image is decoded and measured: the visible copy is sized from it.
    <div className={classes.viewer} {...contentReady(natural.width > 0)}>
      <ViewToolbar view={view} />
      <ZoomStage view={view} content={natural} label={label}>
        {({ scale }) => (
          <img
            src={src}
            alt={label}
            className={classes.rotated}
            draggable={false}
            width={natural.width * scale}
            height={natural.height * scale}
            style={{ transform: `translate(-50%, -50%) rotate(${view.rotation}deg)` }}
            data-testid="viewer-image"
          />
        )}
      </ZoomStage>
      {/* Measures the image once; the visible copy is sized from it. */}
      {natural.width === 0 && (
        <img
          src={src}
          alt=""
          hidden
          onError={() => setFailed(true)}
          onLoad={(e) =>
            setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
          }
        />
      )}
    </div>
  );
}
