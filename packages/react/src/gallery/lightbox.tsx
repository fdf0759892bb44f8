import { type CSSProperties, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ItemLink, ItemStage, preloadImage, type StageSize, stageImageOf } from './item-views.js';
import type { GalleryMedia } from './media.js';
import { type GalleryItemData, itemLabel } from './types.js';
import { useIsomorphicLayoutEffect } from './viewport.js';

/**
 * The lightbox: a modal dialog over the page (`role="dialog"`, `aria-modal`, named by the item's
 * title) showing one item large, with its title, description, link and "n of N".
 *
 * Keyboard: ←/→ previous/next, Home/End first/last, Escape closes, Tab cycles inside. Focus moves
 * into the dialog when it opens; the page behind is `inert` (and hidden from assistive technology)
 * while it is open; the gallery returns focus to the tile of the item last shown when it closes.
 * Moving past the last loaded item of a longer gallery loads more and then moves.
 */

export interface LightboxProps {
  items: readonly GalleryItemData[];
  index: number;
  /** All items of the gallery, loaded or not. */
  total: number;
  media: GalleryMedia;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** More items can be loaded (`total` > `items.length`). */
  hasMore?: boolean;
  onLoadMore?: () => void;
}

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

/** Keys the media's own controls use (a focused video seeks with arrows), left to them. */
function keepsArrows(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable || ['VIDEO', 'AUDIO', 'INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
  );
}

/** The space the stage's media may take: the window less room for the controls and caption. */
function stageSizeOfWindow(): StageSize {
  if (typeof window === 'undefined') return { width: 1200, height: 800 };
  return {
    width: Math.max(160, Math.min(window.innerWidth - 32, 2400)),
    height: Math.max(160, window.innerHeight - 200),
  };
}

function useStageSize(): StageSize {
  const [size, setSize] = useState(stageSizeOfWindow);
  useEffect(() => {
    const update = () => setSize(stageSizeOfWindow());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}

/**
 * Makes everything outside `dialog` inert and hidden while it is mounted (the siblings of each of
 * its ancestors up to <body>), and locks the page's scrolling; restores all on unmount.
 */
function useModal(dialog: HTMLElement | null) {
  useEffect(() => {
    if (!dialog) return;
    const restore: (() => void)[] = [];
    for (let node: HTMLElement | null = dialog; node && node !== document.body; node = node.parentElement) {
      for (const sibling of Array.from(node.parentElement?.children ?? [])) {
        if (sibling === node || !(sibling instanceof HTMLElement) || sibling.tagName === 'SCRIPT') continue;
        const { inert } = sibling;
        const hidden = sibling.getAttribute('aria-hidden');
        sibling.inert = true;
        sibling.setAttribute('aria-hidden', 'true');
        restore.push(() => {
          sibling.inert = inert;
          if (hidden === null) sibling.removeAttribute('aria-hidden');
          else sibling.setAttribute('aria-hidden', hidden);
        });
      }
    }
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      for (const undo of restore) undo();
    };
  }, [dialog]);
}

export function Lightbox({
  items,
  index,
  total,
  media,
  onIndexChange,
  onClose,
  hasMore,
  onLoadMore,
}: LightboxProps) {
  const [dialog, setDialog] = useState<HTMLDivElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const size = useStageSize();
  const count = items.length;
  const item = items[index];
  /** Moving past the last loaded item: move once more items have arrived. */
  const [pendingNext, setPendingNext] = useState(false);
  const latest = useRef({ onIndexChange, index });
  latest.current = { onIndexChange, index };

  useModal(dialog);
  useIsomorphicLayoutEffect(() => {
    dialog?.focus();
  }, [dialog]);

  useEffect(() => {
    if (!pendingNext || latest.current.index + 1 >= count) return;
    setPendingNext(false);
    latest.current.onIndexChange(latest.current.index + 1);
  }, [pendingNext, count]);
  useEffect(() => {
    if (!hasMore) setPendingNext(false);
  }, [hasMore]);

  // Neighbours load ahead, so that moving shows them at once; near the end, more items load.
  useEffect(() => {
    for (const neighbour of [items[index + 1], items[index - 1]]) {
      if (neighbour) preloadImage(stageImageOf(neighbour, media, size));
    }
    if (hasMore && index >= count - 3) onLoadMore?.();
  }, [items, index, count, media, size, hasMore, onLoadMore]);

  const canPrev = index > 0;
  const canNext = index < count - 1 || !!hasMore;
  const next = () => {
    if (index < count - 1) onIndexChange(index + 1);
    else if (hasMore) {
      setPendingNext(true);
      onLoadMore?.();
    }
  };
  const prev = () => {
    if (canPrev) onIndexChange(index - 1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key === 'Tab') {
      trapTab(event);
      return;
    }
    if (keepsArrows(event.target)) return;
    switch (event.key) {
      case 'ArrowLeft':
        prev();
        break;
      case 'ArrowRight':
        next();
        break;
      case 'Home':
        onIndexChange(0);
        break;
      case 'End':
        onIndexChange(count - 1);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  /** Tab and Shift+Tab cycle through the dialog's controls, never leaving it. */
  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!dialog) return;
    const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  const label = item ? itemLabel(item, index) : '';
  const description = item?.description?.trim();
  const stage = useMemo(
    () => (item ? <ItemStage item={item} index={index} media={media} size={size} /> : null),
    [item, index, media, size],
  );
  if (typeof document === 'undefined' || !item) return null;
  return createPortal(
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a pointer shortcut; Escape closes from the keyboard
    // biome-ignore lint/a11y/noStaticElementInteractions: the same shortcut; the dialog's own controls are buttons
    <div
      className="atrium-lightbox-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={setDialog}
        className="atrium-lightbox"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <p
          className="atrium-lightbox-announcement"
          aria-live="polite"
          aria-atomic="true"
          style={VISUALLY_HIDDEN}
        >
          {label}, {index + 1} of {total}
        </p>
        <div className="atrium-lightbox-toolbar">
          <p className="atrium-lightbox-counter">
            {index + 1} of {total}
          </p>
          <button type="button" className="atrium-lightbox-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="atrium-lightbox-stage" data-gallery-lightbox-index={index}>
          {stage}
        </div>
        <StepButton step="prev" enabled={canPrev} onStep={prev} />
        <StepButton step="next" enabled={canNext} onStep={next} />
        <div className="atrium-lightbox-caption">
          <h2 id={titleId} className="atrium-lightbox-title">
            {label}
          </h2>
          {description && (
            <p id={descriptionId} className="atrium-lightbox-description">
              {description}
            </p>
          )}
          <ItemLink item={item} label={label} />
        </div>
      </div>
    </div>,
    document.body,
  );
}

const STEPS = { prev: { label: 'Previous item', arrow: '‹' }, next: { label: 'Next item', arrow: '›' } };

/** The previous or next arrow: aria-disabled at either end (it keeps focus), never disabled. */
function StepButton({
  step,
  enabled,
  onStep,
}: {
  step: keyof typeof STEPS;
  enabled: boolean;
  onStep: () => void;
}) {
  return (
    <button
      type="button"
      className={`atrium-lightbox-${step}`}
      aria-label={STEPS[step].label}
      aria-disabled={!enabled || undefined}
      onClick={onStep}
    >
      {STEPS[step].arrow}
    </button>
  );
}
