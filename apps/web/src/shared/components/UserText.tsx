import { Button, theme } from 'antd';
import { type CSSProperties, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Text that people wrote (a message, a name, a note) keeps its own direction inside the page's: `dir="auto"`
 * takes it from the text's first letter, and `unicode-bidi: plaintext` does the same for each paragraph, so
 * "Good morning?" in the Arabic interface does not become "?Good morning". It also beats the `direction`
 * that antd's RTL classes set on the elements around it. Inputs where people type such text take it too
 * (with `dir="auto"`), or the start of an English name in an Arabic form scrolls out of view.
 */
export const OWN_DIRECTION: CSSProperties = { unicodeBidi: 'plaintext' };

/** A message shows this many lines until Show more. */
export const USER_TEXT_LINES = 6;

interface UserTextProps {
  text: string;
  /** Lines shown until Show more. */
  lines?: number;
  testId?: string;
  style?: CSSProperties;
}

/**
 * A block of user-written text, line breaks kept, clamped to `lines` lines with "Show more" / "Show less"
 * when it is longer. A word longer than the line (a link, a code) breaks rather than widening the page.
 */
export function UserText({ text, lines = USER_TEXT_LINES, testId, style }: UserTextProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  // Whether the clamped text is cut is known only once it is laid out, and changes with the width.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, lines, expanded]);

  const clamp: CSSProperties = expanded
    ? {}
    : { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: lines, overflow: 'hidden' };
  return (
    <div style={{ minWidth: 0, ...style }}>
      <div ref={box} data-testid={testId} data-clamped={!expanded} style={clamp}>
        <div dir="auto" style={{ ...OWN_DIRECTION, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </div>
      </div>
      {(overflows || expanded) && (
        <Button
          type="link"
          size="small"
          aria-expanded={expanded}
          data-testid="user-text-toggle"
          onClick={() => setExpanded((current) => !current)}
          style={{ padding: 0, height: 'auto' }}
        >
          {t(expanded ? 'common.showLess' : 'common.showMore')}
        </Button>
      )}
    </div>
  );
}

interface UserTextLineProps {
  text: string;
  strong?: boolean;
  secondary?: boolean;
  testId?: string;
  style?: CSSProperties;
}

/**
 * One line of user-written text (a name, a last message): cut with an ellipsis at the end of its own
 * direction when it does not fit, and shown whole on hover. Its parent must let it shrink (`minWidth: 0`
 * in a flex row).
 */
export function UserTextLine({ text, strong = false, secondary = false, testId, style }: UserTextLineProps) {
  const { token } = theme.useToken();
  return (
    <span
      dir="auto"
      title={text}
      data-testid={testId}
      style={{
        ...OWN_DIRECTION,
        display: 'block',
        minWidth: 0,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        textOverflow: 'ellipsis',
        fontWeight: strong ? 600 : undefined,
        color: secondary ? token.colorTextSecondary : undefined,
        ...style,
      }}
    >
      {text}
    </span>
  );
}
