import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * The keyboard moves a picked-up card a whole column at a time: ArrowRight to the nearest column on its right,
 * ArrowLeft on its left, as the columns stand on screen (in Arabic the next stage is on the left). Other keys
 * do nothing. dnd-kit's default moves 25 px a press.
 */
export const columnByColumn: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (step === 0 || !collisionRect) return undefined;
  event.preventDefault();
  const centre = collisionRect.left + collisionRect.width / 2;
  let target: { left: number; width: number } | undefined;
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id);
    if (!rect) continue;
    const offset = (rect.left + rect.width / 2 - centre) * step;
    if (offset <= 1) continue;
    if (!target || offset < (target.left + target.width / 2 - centre) * step) target = rect;
  }
  if (!target) return undefined;
  return { x: target.left + (target.width - collisionRect.width) / 2, y: currentCoordinates.y };
};
