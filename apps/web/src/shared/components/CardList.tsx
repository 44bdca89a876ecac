import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';

interface CardListProps<T extends { id: string }> {
  items: readonly T[];
  /** The list's name for screen readers. */
  label: string;
  testId: string;
  /** Each card's test id; the card also carries `data-{kind}-id`. */
  cardTestId: string;
  kind: string;
  children: (item: T) => ReactNode;
}

/**
 * A list as one small card per item: what a table's rows show on a phone, where a table would scroll
 * sideways and hide its last columns (the actions). antd lays the cards out in the page's direction.
 */
export function CardList<T extends { id: string }>({
  items,
  label,
  testId,
  cardTestId,
  kind,
  children,
}: CardListProps<T>) {
  return (
    <Flex vertical gap="small" role="list" aria-label={label} data-testid={testId}>
      {items.map((item) => (
        <Card
          key={item.id}
          size="small"
          role="listitem"
          data-testid={cardTestId}
          {...{ [`data-${kind}-id`]: item.id }}
        >
          {children(item)}
        </Card>
      ))}
    </Flex>
  );
}
