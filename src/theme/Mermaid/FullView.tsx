/**
 * A drawn diagram at full size, in a modal dialog (part of src/theme/Mermaid; loaded as its own
 * chunk, with @panzoom/panzoom, only when a reader opens the view).
 *
 * The native `<dialog>` opened with showModal() gives the modal behaviour: the page behind is
 * inert, focus stays inside, and Escape closes it. The diagram first fits the window (the SVG
 * scales to the free area, keeping its proportions); Panzoom handles zoom and pan by wheel, drag
 * and pinch, and the buttons and keys below drive the same instance for keyboard users.
 */
import React, { useEffect, useMemo, useRef, useState } from 'react';
import Panzoom, { type PanzoomObject } from '@panzoom/panzoom';
import styles from './styles.module.css';
import { keyAction, withUniqueIds } from './keys';

export interface FullViewProps {
  /** The diagram's SVG markup, as drawn on the page. */
  svg: string;
  onClose: () => void;
}

export default function FullView({ svg, onClose }: FullViewProps): JSX.Element {
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const panzoom = useRef<PanzoomObject>();
  const [scale, setScale] = useState(1);
  const markup = useMemo(() => ({ __html: withUniqueIds(svg) }), [svg]);

  useEffect(() => {
    const element = dialog.current!;
    const target = stage.current!;
    const instance = Panzoom(target, { minScale: 0.5, maxScale: 12, step: 0.25 });
    panzoom.current = instance;
    const viewport = target.parentElement!;
    const onWheel = (event: WheelEvent) => instance.zoomWithWheel(event);
    const onChange = (event: Event) => setScale((event as CustomEvent<{ scale: number }>).detail.scale);
    viewport.addEventListener('wheel', onWheel);
    target.addEventListener('panzoomchange', onChange);
    element.addEventListener('close', onClose);
    element.showModal();
    return () => {
      element.removeEventListener('close', onClose);
      viewport.removeEventListener('wheel', onWheel);
      target.removeEventListener('panzoomchange', onChange);
      instance.destroy();
      if (element.open) element.close();
    };
  }, [onClose]);

  const zoomIn = () => panzoom.current?.zoomIn();
  const zoomOut = () => panzoom.current?.zoomOut();
  const fit = () => panzoom.current?.reset();
  const pan = (x: number, y: number) => {
    const current = panzoom.current;
    // Pan values are in the diagram's own units: divide by the scale to move by screen pixels.
    if (current) current.pan(x / current.getScale(), y / current.getScale(), { relative: true });
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const action = keyAction(event);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'zoom-in') zoomIn();
    else if (action.kind === 'zoom-out') zoomOut();
    else if (action.kind === 'fit') fit();
    else pan(action.x, action.y);
  };

  return (
    // The keys act on the whole dialog, whichever of its controls has the focus.
    <dialog ref={dialog} className={styles.dialog} aria-label="Diagram at full size" onKeyDown={onKeyDown}>
      <div className={styles.bar}>
        <button type="button" className={styles.control} onClick={zoomOut}>
          Zoom out
        </button>
        <button type="button" className={styles.control} onClick={zoomIn}>
          Zoom in
        </button>
        <button type="button" className={styles.control} onClick={fit}>
          Fit
        </button>
        <span className={styles.scale} data-diagram-scale={scale.toFixed(2)}>
          {Math.round(scale * 100)} %
        </span>
        <span className={styles.hint}>+ and − zoom, arrows move, Escape closes</span>
        <button type="button" className={styles.control} onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <div className={styles.viewport}>
        <div
          ref={stage}
          className={styles.stage}
          // The SVG comes from mermaid's renderer (labels sanitised, securityLevel 'strict').
          // eslint-disable-next-line react/no-danger
          dangerouslySetInnerHTML={markup}
        />
      </div>
    </dialog>
  );
}
